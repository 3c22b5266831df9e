import { describe, expect, it } from "vitest"
import {
  CUSTOMER,
  MESSAGES,
  PHONE_NUMBER_ID,
  SHOWN,
  callConnect,
  envelope,
  failedStatus,
  inbound,
  reaction,
  status,
  system,
  unsupported,
  valueErrors,
} from "./fixtures.testing"
import { whatsappEvents } from "./webhook-events"

describe("WhatsApp webhook events", () => {
  it.each(Object.keys(MESSAGES))("a %s message becomes one message with the words an agent reads", (kind) => {
    const message = MESSAGES[kind]()
    const [event] = whatsappEvents(inbound(message))
    expect(event).toMatchObject({
      kind: "message",
      phoneNumberId: PHONE_NUMBER_ID,
      id: message.id,
      from: CUSTOMER,
      name: "Sheena Nelson",
      ...SHOWN[kind],
    })
    if (event.kind === "message") expect(event.at.toISOString()).toBe(new Date(1749416383 * 1000).toISOString())
  })

  it("a voice note is audio marked voice; a reply keeps what it replies to", () => {
    const [voice] = whatsappEvents(inbound(MESSAGES.voice()))
    expect(voice).toMatchObject({ type: "audio", payload: { voice: true, mime: "audio/ogg; codecs=opus" } })
    const [reply] = whatsappEvents(inbound(MESSAGES.button_reply()))
    expect(reply).toMatchObject({ payload: { context: { id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3NzE5RTk2QjA2QzgzMkE2NDIA" } } })
  })

  it("a reaction points at another message; its removal has no emoji", () => {
    expect(whatsappEvents(inbound(reaction("wamid.target", "👍")))).toMatchObject([
      { kind: "reaction", messageId: "wamid.target", emoji: "👍" },
    ])
    expect(whatsappEvents(inbound(reaction("wamid.target")))).toMatchObject([{ kind: "reaction", emoji: null }])
  })

  it("system and value-level errors never become messages; a number change moves the customer; unsupported is kept", () => {
    const events = [...whatsappEvents(inbound(unsupported())), ...whatsappEvents(inbound(system())), ...whatsappEvents(valueErrors())]
    expect(events.map((e) => e.kind)).toEqual(["message", "number-changed", "ignored"])
    expect(events[0]).toMatchObject({ type: "unsupported", body: "", payload: { unsupported: { reason: "131051 Message type unknown" } } })
    expect(events[1]).toMatchObject({ from: CUSTOMER, to: "16505551299" })
  })

  it("statuses: known ones with Meta's error, unknown and call statuses tolerated", () => {
    expect(whatsappEvents(failedStatus("wamid.x", 131047, "Re-engagement message"))).toMatchObject([
      { kind: "status", id: "wamid.x", status: "failed", error: { code: 131047, message: "Re-engagement message." } },
    ])
    expect(whatsappEvents(status("wamid.x", "deleted"))).toMatchObject([{ kind: "ignored" }])
    expect(whatsappEvents(status("wacid.x", "RINGING", { type: "call" }))).toMatchObject([
      { kind: "call-status", id: "wacid.x", status: "RINGING" },
    ])
  })

  it("one POST batches several entries, messages and statuses, each routed by its own phone number id", () => {
    const a = inbound(MESSAGES.text())
    const b = inbound(MESSAGES.image(), "999")
    const batch = { object: "whatsapp_business_account", entry: [...a.entry, ...b.entry, ...status("wamid.s", "read").entry] }
    expect(whatsappEvents(batch).map((e) => [e.kind, e.phoneNumberId])).toEqual([
      ["message", PHONE_NUMBER_ID],
      ["message", "999"],
      ["status", PHONE_NUMBER_ID],
    ])
  })

  it("calls arrive with field calls; other objects are ignored", () => {
    expect(whatsappEvents(callConnect())).toMatchObject([
      { kind: "call", event: "connect", sdp: "v=0\r\n", sdpType: "offer", name: "Sheena Nelson", from: "16505551234" },
    ])
    expect(whatsappEvents({ object: "page", entry: [] })).toMatchObject([{ kind: "ignored" }])
    expect(whatsappEvents(envelope({}, "account_update"))).toMatchObject([{ kind: "ignored" }])
  })
})
