/**
 * A browser and SIP phones nobody here wrote (Debian's baresip) talk through the media gateway, in both of baresip's
 * profiles: "plain" (PCMU only, plain RTP/AVP, no DTLS, no ICE: a desk phone), whose RTP rtpengine converts to and
 * from the browser's DTLS-SRTP/ICE, and "webrtc" (UDP/TLS/RTP/SAVPF: DTLS-SRTP with ICE through the lab's TURN server,
 * opus), offered SAVPF at once because its answer to OPTIONS said so (or, when it said nothing, after refusing plain
 * RTP with 488), with SAVPF on both legs. Each phone plays a tone and records what it hears; each calls the browser and
 * is called by it over TCP, and again behind a simulated home router over UDP.
 */
import { expect } from "@playwright/test"
import type { Baresip } from "../../../server/sip/baresip"
import { card, customerCalls, gatewaySkipReason, hearEachOther, iceServersOfCall, test, type Phone } from "./pbx-lab.testing"
import { PRIVATE_ADDRESS, startNatBox } from "./nat-box.testing"

test.describe.configure({ mode: "serial" })
test.skip(gatewaySkipReason() !== null, "Kamailio, rtpengine, coturn or baresip is not installed")

/** The calls the phone refused before taking one (baresip answers 488 "No audio codecs" to an offer it cannot take). */
const refusals = (desk: Baresip) => desk.events.filter((event) => event.type === "CALL_CLOSED" && !event.id).map((event) => event.param)

const browserCalls = async (alice: Phone, desk: Baresip, number: string, screenshot?: string) => {
  const since = Date.now()
  await alice.page.fill("[data-testid=softphone-number]", number)
  const dialled = performance.now()
  await alice.page.click("[data-testid=softphone-call]")
  await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_INCOMING")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "calling")
  await desk.command("accept")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  console.log(`call setup browser -> phone ${number} (Call click to connected): ${(performance.now() - dialled).toFixed(0)} ms`)
  await expect(alice.page.locator("[data-testid=softphone-status]")).toHaveText(`In call with ${number}`)
  // The call's media may relay through the server's TURN (coturn), with the credentials issued with the SIP ones.
  const [turn] = await iceServersOfCall(alice.page)
  expect(turn.urls).toEqual(expect.arrayContaining([expect.stringMatching(/^turn:127\.0\.0\.1:\d+\?transport=udp$/)]))
  expect(turn.username).toMatch(/^\d+:\d+$/)
  await hearEachOther(alice, desk, since)
  if (screenshot) await alice.page.screenshot({ path: `.tmp/screenshots/${screenshot}.png` })
  const closed = desk.next("CALL_CLOSED")
  await alice.page.click("[data-testid=softphone-end]")
  await closed
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
}

const phoneCalls = async (alice: Phone, desk: Baresip, number: string) => {
  await customerCalls(alice, desk, number)
  await desk.command("hangup")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
}

for (const [media, label, first] of [
  ["plain", "plain-RTP", 2001],
  ["webrtc", "DTLS-SRTP+ICE", 2011],
] as const) {
  test(`the browser calls a ${label} phone, which answers; audio flows both ways`, async ({ browser, lab }) => {
    const number = String(first)
    const desk = await lab.deskPhone(number, { media })
    const alice = await lab.openPhone(browser, "agent1")
    // A WebRTC phone whose answer to OPTIONS said nothing is offered plain RTP, refuses it, and is offered SAVPF again.
    if (media === "webrtc") await lab.forgetPhoneMedia()
    await browserCalls(alice, desk, number, `pbx-${media}-phone`)
    expect(refusals(desk)).toEqual(media === "webrtc" ? ["No audio codecs"] : [])
    await alice.close()
    await desk.stop()
  })

  test(`a ${label} phone calls the browser, which rings and answers; audio flows both ways`, async ({ browser, lab }) => {
    const number = String(first + 1)
    const desk = await lab.deskPhone(number, { media })
    const alice = await lab.openPhone(browser, "agent1")
    await phoneCalls(alice, desk, number)
    await alice.close()
    await desk.stop()
  })
}

test("a plain-RTP phone behind NAT (private contact, UDP) registers, is called and calls; audio flows both ways", async ({
  browser,
  lab,
}) => {
  const box = await startNatBox(lab.sipPort)
  const desk = await lab.deskPhone("2003", { outbound: `sip:127.0.0.1:${box.insidePort};transport=udp` })
  try {
    // What Kamailio saw: a REGISTER whose contact is the private address only.
    expect(box.sent.find((message) => message.startsWith("REGISTER"))).toContain(`@${PRIVATE_ADDRESS}`)
    const alice = await lab.openPhone(browser, "agent1")
    await browserCalls(alice, desk, "2003")
    await phoneCalls(alice, desk, "2003")
    // The phone was offered, and answered in, plain RTP: no DTLS fingerprint reached it.
    for (const start of ["INVITE ", "SIP/2.0 200"]) {
      const message = box.received.find((text) => text.startsWith(start) && text.includes("application/sdp")) ?? ""
      expect(message).toMatch(/^m=audio \d+ RTP\/AVP /m)
      expect(message).not.toContain("a=fingerprint")
    }
    await alice.close()
  } finally {
    await desk.stop()
    await box.stop()
  }
})

test("a DTLS-SRTP+ICE phone behind NAT (private contact, UDP) is called and calls; audio flows both ways", async ({ browser, lab }) => {
  const box = await startNatBox(lab.sipPort)
  const desk = await lab.deskPhone("2013", { media: "webrtc", outbound: `sip:127.0.0.1:${box.insidePort};transport=udp` })
  try {
    expect(box.sent.find((message) => message.startsWith("REGISTER"))).toContain(`@${PRIVATE_ADDRESS}`)
    // Asked, once registered, what media it speaks (its answer goes straight back to Kamailio's Via, past the box).
    await expect.poll(() => box.received.some((text) => text.startsWith("OPTIONS ") && /^Accept: application\/sdp$/m.test(text))).toBe(true)
    const alice = await lab.openPhone(browser, "agent1")
    await browserCalls(alice, desk, "2013")
    // So it was offered WebRTC media at once (no plain offer, no 488): SAVPF with rtpengine's fingerprint and candidates.
    const offer = box.received.find((text) => text.startsWith("INVITE ") && text.includes("application/sdp")) ?? ""
    expect(offer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /m)
    expect(offer).toMatch(/^a=fingerprint:/m)
    expect(refusals(desk)).toEqual([])
    await phoneCalls(alice, desk, "2013")
    // It offered WebRTC media and was answered in kind.
    const answer = box.received.find((text) => text.startsWith("SIP/2.0 200") && text.includes("application/sdp")) ?? ""
    expect(answer).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /m)
    expect(answer).toMatch(/^a=fingerprint:/m)
    expect(answer).toMatch(/^a=candidate:/m)
    await alice.close()
  } finally {
    await desk.stop()
    await box.stop()
  }
})
