/**
 * Warm (attended) transfer through Kamailio and rtpengine: a customer on a plain-RTP SIP phone (Debian's baresip)
 * calls agent1's browser softphone; agent1 holds the customer, consults the admin's browser softphone on a second
 * call (they hear each other), then completes: the admin's phone is asked (REFER, Refer-To with Replaces of the
 * customer's dialog) to call the customer in place of agent1's call. baresip 1.0 ignores Replaces, so its phone
 * rings with the admin's call and the customer takes it (server/sip/README.md, "Warm transfer"); agent1 leaves both
 * calls. A baresip desk phone as the colleague follows the REFER the same way. Cancel ends the consult and resumes
 * the customer.
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
const consultLine = (phone: Phone) => phone.page.locator("[data-testid=softphone-consult-status]")

/** The customer's phone calls the agent, who answers and holds the call. */
const customerCallsAndIsHeld = async (agent: Phone, customer: Baresip) => {
  const established = customer.next("CALL_ESTABLISHED")
  await customer.command("dial", `sip:${agent.extension}@pbx.local`)
  await expect(card(agent.page)).toHaveAttribute("data-phase", "incoming")
  await agent.page.click("[data-testid=softphone-answer]")
  await established
  await expect.poll(() => bytesReceived(agent.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  const hold = agent.page.locator("[data-testid=softphone-hold]")
  await hold.click()
  await expect(hold).toHaveAttribute("aria-pressed", "true")
}

/**
 * By keyboard: Tab to Warm transfer, Enter; the colleague's extension typed, Enter calls them; the colleague answers
 * and both hear each other while the customer stays held.
 */
const consult = async (agent: Phone, colleague: Phone, screenshot?: string) => {
  const warm = agent.page.locator("[data-testid=softphone-warm-transfer]")
  await warm.focus()
  await agent.page.keyboard.press("Enter")
  const field = agent.page.locator("[data-testid=softphone-transfer-target]")
  await expect(field).toBeFocused()
  await field.fill(colleague.extension)
  await field.press("Enter")
  await expect(field).toBeHidden()
  await expect(card(colleague.page)).toHaveAttribute("data-phase", "incoming")
  await expect(status(colleague)).toHaveText(`Incoming call from ${agent.extension}`)
  await colleague.page.click("[data-testid=softphone-answer]")
  await expect(consultLine(agent)).toContainText(`Consulting`)
  await expect(consultLine(agent)).toContainText(colleague.extension)
  await expect(agent.page.locator("[data-testid=softphone-hold]")).toHaveAttribute("aria-pressed", "true")
  await expect.poll(() => bytesReceived(colleague.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  if (screenshot) await agent.page.screenshot({ path: `.tmp/screenshots/${screenshot}.png` })
}

test("agent1 consults the admin, then completes: the customer and the admin hear each other, agent1's call is gone", async ({
  browser,
}) => {
  const customer = await lab.deskPhone("2111")
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  await customerCallsAndIsHeld(alice, customer)
  await consult(alice, bob, "pbx-warm-consult-en")

  const started = performance.now()
  const ringing = customer.next("CALL_INCOMING", 20_000)
  const complete = alice.page.locator("[data-testid=softphone-consult-complete]")
  await complete.focus()
  await alice.page.keyboard.press("Enter")
  // The admin's browser calls the customer itself; baresip 1.0 rings (it does not honour Replaces) and is answered.
  await expect(status(bob)).toHaveText("Calling 2111…")
  expect((await ringing).peeruri).toContain(`${bob.extension}@`)
  const mark = customer.heardMark()
  await customer.command("accept")
  await expect(status(bob)).toHaveText("In call with 2111")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText(`Transferred to ${bob.extension}.`)
  console.log(
    `warm transfer completed (Complete to agent1 idle, customer answering in between): ${(performance.now() - started).toFixed(0)} ms`,
  )

  const before = await bytesReceived(bob.page)
  await expect.poll(() => bytesReceived(bob.page), { timeout: 5_000 }).toBeGreaterThan(before + 2000)
  await expect.poll(() => customer.heardPeakAfter(mark), { timeout: 5_000 }).toBeGreaterThan(1000)

  await bob.page.click("[data-testid=softphone-end]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await bob.close()
  await customer.stop()
})

test("agent1 consults a desk phone and completes: the desk phone calls the customer, they hear each other", async ({ browser }) => {
  const customer = await lab.deskPhone("2114")
  const desk = await lab.deskPhone("2115")
  const alice = await lab.openPhone(browser, "agent1")
  await customerCallsAndIsHeld(alice, customer)
  await alice.page.locator("[data-testid=softphone-warm-transfer]").click()
  const field = alice.page.locator("[data-testid=softphone-transfer-target]")
  const deskRings = desk.next("CALL_INCOMING", 20_000)
  await field.fill("2115")
  await field.press("Enter")
  expect((await deskRings).peeruri).toContain(`${alice.extension}@`)
  const deskSince = Date.now()
  await desk.command("accept")
  await expect(consultLine(alice)).toContainText("Consulting 2115")
  await expect.poll(() => desk.heardPeak(deskSince), { timeout: 5_000 }).toBeGreaterThan(1000)

  const customerRings = customer.next("CALL_INCOMING", 20_000)
  await alice.page.locator("[data-testid=softphone-consult-complete]").click()
  expect((await customerRings).peeruri).toContain("2115@")
  const mark = customer.heardMark()
  const deskMark = desk.heardMark()
  await customer.command("accept")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-notice]")).toHaveText("Transferred to 2115.")
  await expect.poll(() => customer.heardPeakAfter(mark), { timeout: 5_000 }).toBeGreaterThan(1000)
  await expect.poll(() => desk.heardPeakAfter(deskMark), { timeout: 5_000 }).toBeGreaterThan(1000)
  await alice.close()
  await desk.stop()
  await customer.stop()
})

test("agent1 (in Turkish) consults the admin and cancels: the admin's call ends, the customer is resumed", async ({ browser }) => {
  const customer = await lab.deskPhone("2112")
  const alice = await lab.openPhone(browser, "agent1", "tr")
  const bob = await lab.openPhone(browser, "admin")
  await customerCallsAndIsHeld(alice, customer)
  const warm = alice.page.locator("[data-testid=softphone-warm-transfer]")
  await warm.click()
  const field = alice.page.locator("[data-testid=softphone-transfer-target]")
  await field.fill(bob.extension)
  await field.press("Enter")
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(consultLine(alice)).toContainText("ile görüşülüyor")
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-warm-consult-tr.png" })

  await alice.page.locator("[data-testid=softphone-consult-cancel]").click()
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await expect(alice.page.locator("[data-testid=softphone-consult]")).toBeHidden()
  await expect(alice.page.locator("[data-testid=softphone-hold]")).toHaveAttribute("aria-pressed", "false")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  // agent1 hears the customer's phone again on the call that was never left.
  const before = await bytesReceived(alice.page)
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(before + 2000)

  const ended = customer.next("CALL_CLOSED")
  await alice.page.click("[data-testid=softphone-end]")
  expect((await ended).peeruri).toContain(`${alice.extension}@`)
  await alice.close()
  await bob.close()
  await customer.stop()
})

test("the consult line in Arabic", async ({ browser }) => {
  const customer = await lab.deskPhone("2113")
  const alice = await lab.openPhone(browser, "agent1", "ar")
  const bob = await lab.openPhone(browser, "admin")
  await customerCallsAndIsHeld(alice, customer)
  await alice.page.locator("[data-testid=softphone-warm-transfer]").click()
  const field = alice.page.locator("[data-testid=softphone-transfer-target]")
  await field.fill(bob.extension)
  await field.press("Enter")
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(consultLine(alice)).toContainText("تشاور مع")
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-warm-consult-ar.png" })
  await alice.page.locator("[data-testid=softphone-end]").click()
  // Ending the customer's call ends the consult with it.
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await bob.close()
  await customer.stop()
})
