/**
 * A browser and a plain SIP phone talk through the media gateway: baresip (Debian's, PCMU only, plain RTP/AVP, no
 * DTLS, no ICE, over TCP to Kamailio) plays a tone and records what it hears; rtpengine converts between its RTP and
 * the browser's DTLS-SRTP/ICE. Both directions: the browser calls the phone, the phone calls the browser.
 */
import { test, expect } from "@playwright/test"
import { bytesReceived, card, gatewaySkipReason, iceServersOfCall, startLab, type Lab } from "./pbx-lab.testing"
import { PRIVATE_ADDRESS, startNatBox } from "./nat-box.testing"

let lab: Lab
test.describe.configure({ mode: "serial" })
test.skip(gatewaySkipReason() !== null, "Kamailio, rtpengine or baresip is not installed")
test.beforeAll(async () => {
  lab = await startLab({ rtpengine: true, turn: true })
})
test.afterAll(async () => {
  await lab?.stop()
})

test("the browser calls a plain-RTP desk phone, which answers; audio flows both ways", async ({ browser }) => {
  const desk = await lab.plainPhone("2001", { answer: "auto" })
  const alice = await lab.openPhone(browser, "agent1")
  await alice.page.fill("[data-testid=softphone-number]", "2001")
  const dialled = performance.now()
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  console.log(`call setup browser -> plain phone (Call click to connected): ${(performance.now() - dialled).toFixed(0)} ms`)
  await expect(alice.page.locator("[data-testid=softphone-status]")).toHaveText("In call with 2001")
  // The call's media may relay through the server's TURN (coturn), with the credentials issued with the SIP ones.
  const [turn] = await iceServersOfCall(alice.page)
  expect(turn.urls).toEqual(expect.arrayContaining([expect.stringMatching(/^turn:127\.0\.0\.1:\d+\?transport=udp$/)]))
  expect(turn.username).toMatch(/^\d+:\d+$/)
  // The browser hears the phone's tone, and the phone hears the browser (Chromium's fake microphone beeps).
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => desk.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
  await alice.page.screenshot({ path: ".tmp/screenshots/pbx-plain-phone.png" })
  await alice.page.click("[data-testid=softphone-end]")
  await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_CLOSED")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await desk.stop()
})

test("a plain-RTP desk phone calls the browser, which rings and answers; audio flows both ways", async ({ browser }) => {
  const desk = await lab.plainPhone("2002")
  const alice = await lab.openPhone(browser, "agent1")
  await desk.command("dial", `sip:${alice.extension}@pbx.local`)
  await expect(card(alice.page)).toHaveAttribute("data-phase", "incoming")
  await expect(alice.page.locator("[data-testid=softphone-status]")).toHaveText("Incoming call from 2002")
  await alice.page.click("[data-testid=softphone-answer]")
  await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_ESTABLISHED")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  await expect.poll(() => bytesReceived(alice.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => desk.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
  await desk.command("hangup")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
  await alice.close()
  await desk.stop()
})

test("a desk phone behind NAT (private contact, UDP) registers and rings when the browser calls it", async ({ browser }) => {
  const box = await startNatBox(lab.sipPort)
  const desk = await lab.plainPhone("2003", { outbound: `sip:127.0.0.1:${box.insidePort};transport=udp` })
  try {
    // What Kamailio saw: a REGISTER whose contact is the private address only.
    expect(box.sent.find((message) => message.startsWith("REGISTER"))).toContain(`@${PRIVATE_ADDRESS}`)
    const alice = await lab.openPhone(browser, "agent1")
    await alice.page.fill("[data-testid=softphone-number]", "2003")
    await alice.page.click("[data-testid=softphone-call]")
    await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_INCOMING")
    await expect(card(alice.page)).toHaveAttribute("data-phase", "calling")
    await desk.command("accept")
    await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
    await expect.poll(() => desk.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
    await alice.page.click("[data-testid=softphone-end]")
    await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_CLOSED")
    await alice.close()
  } finally {
    await desk.stop()
    await box.stop()
  }
})
