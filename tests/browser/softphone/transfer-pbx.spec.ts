/**
 * Blind transfer (SIP REFER) through Kamailio and rtpengine: a customer on a plain-RTP SIP phone (Debian's baresip)
 * calls agent1's browser softphone, agent1 transfers the call, and the customer's phone calls the target itself: the
 * admin's browser softphone, or a baresip desk phone. Audio is measured between the customer and the target, as in
 * desk-phones.spec.ts. A transfer to an extension nobody registered fails and the call stays with agent1. A browser
 * softphone that is the one transferred follows the REFER itself (sip.js sends the NOTIFYs).
 */
import { test, expect } from "@playwright/test"
import type { Baresip } from "../../../server/sip/baresip"
import { bytesReceived, card, gatewaySkipReason, startLab, type Lab, type Phone } from "./pbx-lab.testing"

let lab: Lab
test.describe.configure({ mode: "serial" })
test.skip(gatewaySkipReason() !== null, "Kamailio, rtpengine or baresip is not installed")
test.beforeAll(async () => {
  lab = await startLab({ rtpengine: true })
})
test.afterAll(async () => {
  await lab?.stop()
})

const status = (phone: Phone) => phone.page.locator("[data-testid=softphone-status]")

/** The customer's phone calls the agent, who answers; each hears the other. */
const customerCalls = async (agent: Phone, customer: Baresip) => {
  const since = Date.now()
  const established = customer.next("CALL_ESTABLISHED")
  await customer.command("dial", `sip:${agent.extension}@pbx.local`)
  await expect(card(agent.page)).toHaveAttribute("data-phase", "incoming")
  await agent.page.click("[data-testid=softphone-answer]")
  await established
  await expect(card(agent.page)).toHaveAttribute("data-phase", "active")
  await expect.poll(() => bytesReceived(agent.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => customer.heardPeak(since), { timeout: 5_000 }).toBeGreaterThan(1000)
}

/** The agent opens Transfer by keyboard (Alt+T), types the target and confirms with Enter. */
const transferTo = async (agent: Phone, target: string, screenshot?: string) => {
  await agent.page.keyboard.press("Alt+KeyT")
  const field = agent.page.locator("[data-testid=softphone-transfer-target]")
  await expect(field).toBeFocused()
  await field.fill(target)
  if (screenshot) {
    // Once the dialog's opening transition is over.
    const container = agent.page.locator(".bp6-dialog-container", { has: field })
    await expect(container).toHaveClass(/bp6-overlay-(enter|appear)-done/)
    await agent.page.screenshot({ path: `.tmp/screenshots/${screenshot}.png` })
  }
  await field.press("Enter")
  await expect(field).toBeHidden()
}

test("the customer's phone calls agent1, who transfers it blind to the admin's softphone; they talk", async ({ browser }) => {
  const customer = await lab.deskPhone("2101")
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  await customerCalls(alice, customer)

  const started = performance.now()
  const oldCallClosed = customer.next("CALL_CLOSED", 20_000)
  await transferTo(alice, bob.extension, "pbx-transfer-dialog-en")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  // The customer's phone places the new call itself: the admin sees the customer's number.
  await expect(status(bob)).toHaveText("Incoming call from 2101")
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "active")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  console.log(
    `blind transfer to a browser (confirm to agent1 idle, admin answering in between): ${(performance.now() - started).toFixed(0)} ms`,
  )
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText(`Transferred to ${bob.extension}.`)
  await oldCallClosed

  // Only what the customer hears on the new call counts (the call with agent1 is closed).
  const since = Date.now()
  await expect.poll(() => bytesReceived(bob.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => customer.heardPeak(since), { timeout: 5_000 }).toBeGreaterThan(1000)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-transferred-en.png" })

  await bob.page.click("[data-testid=softphone-end]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await bob.close()
  await customer.stop()
})

test("agent1 (in Turkish) transfers the customer blind to a desk phone, which answers; they hear each other", async ({ browser }) => {
  const customer = await lab.deskPhone("2102")
  const desk = await lab.deskPhone("2103")
  const alice = await lab.openPhone(browser, "agent1", "tr")
  await customerCalls(alice, customer)

  const oldCallClosed = customer.next("CALL_CLOSED", 20_000)
  const ringing = desk.next("CALL_INCOMING", 20_000)
  await transferTo(alice, "2103", "pbx-transfer-dialog-tr")
  expect((await ringing).peeruri).toContain("2102@")
  const since = Date.now()
  const mark = customer.heardMark()
  await desk.command("accept")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText("2103 numarasına aktarıldı.")
  await oldCallClosed
  await expect.poll(() => desk.heardPeak(since), { timeout: 5_000 }).toBeGreaterThan(1000)
  // The customer hears the desk phone on the new call (the call with agent1, closed, recorded before `mark`).
  await expect.poll(() => customer.heardPeakAfter(mark), { timeout: 5_000 }).toBeGreaterThan(1000)
  await alice.close()
  await desk.stop()
  await customer.stop()
})

test("a transfer (in Arabic) to an extension nobody registered fails: the call stays with agent1, audio flowing", async ({ browser }) => {
  const customer = await lab.deskPhone("2104")
  const alice = await lab.openPhone(browser, "agent1", "ar")
  await customerCalls(alice, customer)

  await transferTo(alice, "2999", "pbx-transfer-dialog-ar")
  const problem = alice.page.locator("[data-testid=softphone-transfer-problem]")
  await expect(problem).toContainText("2999", { timeout: 15_000 })
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  // The call was not held for the transfer (the customer kept hearing the agent).
  await expect(alice.page.locator("[data-testid=softphone-hold]")).toHaveAttribute("aria-pressed", "false")
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-transfer-failed-ar.png" })
  // The customer's phone tried the target (404) and kept its call with agent1.
  const closed = customer.events.filter((event) => event.type === "CALL_CLOSED").map((event) => [event.peeruri, event.param])
  expect(closed).toEqual([["sip:2999@pbx.local", "404 Not Found"]])

  // Heard after the failure only (the call's recording also holds what came before the transfer).
  const before = await bytesReceived(alice.page)
  const mark = customer.heardMark()
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(before + 2000)
  await expect.poll(() => customer.heardPeakAfter(mark), { timeout: 5_000 }).toBeGreaterThan(1000)

  const ended = customer.next("CALL_CLOSED")
  await alice.page.click("[data-testid=softphone-end]")
  expect((await ended).peeruri).toContain(`${alice.extension}@`)
  await alice.close()
  await customer.stop()
})

test("a browser softphone being transferred follows the REFER: the admin, called by agent1, is moved to a desk phone", async ({
  browser,
}) => {
  const desk = await lab.deskPhone("2105")
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  await alice.page.fill("[data-testid=softphone-number]", bob.extension)
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")

  const ringing = desk.next("CALL_INCOMING", 20_000)
  await transferTo(alice, "2105")
  // The admin's browser places the call to the desk phone itself, and shows whom it is calling now.
  await expect(status(bob)).toHaveText("Calling 2105…")
  expect((await ringing).peeruri).toContain(`${bob.extension}@`)
  const since = Date.now()
  await desk.command("accept")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "active")
  await expect(status(bob)).toHaveText("In call with 2105")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText("Transferred to 2105.")
  await expect.poll(() => bytesReceived(bob.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => desk.heardPeak(since), { timeout: 5_000 }).toBeGreaterThan(1000)

  await bob.page.click("[data-testid=softphone-end]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await bob.close()
  await desk.stop()
})
