/**
 * The call centre with scripted socket, media, ring tone and storage: fan-in of socket events to one actor per
 * call, the online flag, "one active call", remove-call / call-ended, the ring-tone rule, reload restore, the
 * outgoing rules and the quick reply.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import { callCenterMachine } from "./call-center-machine"
import { incomingCallMachine } from "./incoming-call-machine"
import { outgoingCallMachine } from "./outgoing-call-machine"
import type { MediaCommand, MediaEvent, SocketEmit } from "./call-events"
import type { PersistInput, SocketEvent } from "./call-actors"
import type { StoredCall } from "./stored-calls"
import { systemActor } from "../system-ids"

const settle = () => new Promise((r) => setTimeout(r, 0))

const harness = (stored: StoredCall[] = [], reply: () => Promise<string> = async () => "msg-1") => {
  const emitted: SocketEmit[] = []
  const persisted: PersistInput[] = []
  const tone = { running: 0 }
  const socket: { send: ((e: SocketEvent) => void) | null } = { send: null }
  const media = { offers: new Map<string, (e: MediaEvent) => void>(), fail: false }
  const callMedia = fromCallback<MediaCommand, { callId: string }, MediaEvent>(({ input, sendBack }) => {
    if (media.fail) sendBack({ type: "media.failed" })
    else media.offers.set(input.callId, sendBack)
  })
  const ticker = fromCallback(() => () => undefined)
  const actor = createActor(
    callCenterMachine.provide({
      actors: {
        callSocket: fromCallback<SocketEmit, undefined, SocketEvent>(({ sendBack, receive }) => {
          socket.send = sendBack
          receive((command) => emitted.push(command))
        }),
        ringTone: fromCallback(() => {
          tone.running++
          return () => void tone.running--
        }),
        restoreCalls: fromPromise(async () => ({ calls: stored, toneEnabled: true })) as never,
        persistCalls: fromPromise(async ({ input }: { input: PersistInput }) => void persisted.push(input)) as never,
        sendQuickReply: fromPromise(reply) as never,
        incomingCall: incomingCallMachine.provide({ actors: { ticker, callMedia } }),
        outgoingCall: outgoingCallMachine.provide({ actors: { ticker, callMedia } }),
      },
    }),
  )
  actor.start()
  const rt = (event: SocketEvent) => socket.send!(event)
  const ring = (callId: string) => rt({ type: "rt.call-is-coming", callId, callerName: `N ${callId}`, callerNumber: `+90${callId}` })
  const start = async (online = true) => {
    actor.send({ type: "CENTER.START", userId: 7, clientId: 1, online })
    await settle()
  }
  const ids = () => actor.getSnapshot().context.calls.map((c) => c.callId)
  const stateOf = (callId: string) =>
    actor
      .getSnapshot()
      .context.calls.find((c) => c.callId === callId)
      ?.ref.getSnapshot()
  return { actor, emitted, persisted, tone, media, rt, ring, start, ids, stateOf }
}

describe("call centre", () => {
  it("is off until started; then one actor per call-is-coming, ignored while offline", async () => {
    const h = harness()
    expect(h.actor.getSnapshot().value).toBe("off")
    await h.start(false)
    h.ring("a")
    expect(h.ids()).toEqual([])
    h.actor.send({ type: "CENTER.ONLINE", online: true })
    h.ring("a")
    h.ring("b")
    h.ring("c")
    expect(h.ids()).toEqual(["a", "b", "c"])
    expect(systemActor(h.actor.system, "call-b")).toBeDefined()
    await settle()
    expect(h.persisted.at(-1)?.calls.map((c) => c.id)).toEqual(["a", "b", "c"])
  })

  it("a second call-is-coming for a call on screen keeps its one card and actor (spec: one card per call)", async () => {
    const h = harness()
    await h.start()
    h.ring("a")
    const first = systemActor(h.actor.system, "call-a")
    h.actor.send({ type: "call.hide", callId: "a" })
    h.ring("a")
    expect(h.actor.getSnapshot().status).toBe("active")
    expect(h.ids()).toEqual(["a"])
    expect(systemActor(h.actor.system, "call-a")).toBe(first)
    expect(h.stateOf("a")?.context.hidden).toBe(true)
    h.ring("b")
    expect(h.ids()).toEqual(["a", "b"])
  })

  it("rings while unanswered calls exist and nothing is active; the tone can be turned off", async () => {
    const h = harness()
    await h.start()
    expect(h.tone.running).toBe(0)
    h.ring("a")
    expect(h.tone.running).toBe(1)
    h.actor.send({ type: "tone.toggle" })
    expect(h.tone.running).toBe(0)
    h.actor.send({ type: "tone.toggle" })
    expect(h.tone.running).toBe(1)
    h.actor.send({ type: "call.accept", callId: "a" })
    expect(h.tone.running).toBe(0)
  })

  it("accept: offer to the server; a second accept is refused while one is active; remove-call and call-ended remove cards", async () => {
    const h = harness()
    await h.start()
    for (const id of ["a", "b", "c"]) h.ring(id)
    h.actor.send({ type: "call.accept", callId: "b" })
    expect(h.actor.getSnapshot().context.activeCallId).toBe("b")
    h.media.offers.get("b")!({ type: "media.offer", sdp: "v=0 b" })
    expect(h.emitted).toEqual([
      { type: "socket.emit", event: "browser-offer", payload: { clientId: 1, userId: 7, callId: "b", sdp: "v=0 b" } },
    ])
    h.actor.send({ type: "call.accept", callId: "a" })
    expect(h.actor.getSnapshot().context.notice).toBe("anotherActive")
    expect(h.stateOf("a")?.value).toBe("ringing")
    h.rt({ type: "rt.browser-answer", callId: "b", sdp: "v=0 ans" })
    h.rt({ type: "rt.start-browser-timer", callId: "b" })
    expect(h.stateOf("b")?.value).toEqual({ active: "connected" })
    h.rt({ type: "rt.remove-call", callId: "c", userId: 9 })
    h.rt({ type: "rt.call-ended", callId: "a" })
    expect(h.ids()).toEqual(["b"])
    h.actor.send({ type: "call.terminate", callId: "b" })
    expect(h.emitted.at(-1)).toEqual({
      type: "socket.emit",
      event: "terminate-call",
      payload: { clientId: 1, userId: 7, callId: "b" },
    })
    expect(h.ids()).toEqual([])
    expect(h.actor.getSnapshot().context.activeCallId).toBeNull()
  })

  it("a refused microphone gives 'Please enable the microphone' and frees the agent", async () => {
    const h = harness()
    await h.start()
    h.ring("a")
    h.media.fail = true
    h.actor.send({ type: "call.accept", callId: "a" })
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: "microphone", activeCallId: null })
    expect(h.stateOf("a")?.value).toBe("ringing")
  })

  it("restores the stored ringing cards on start", async () => {
    const h = harness([
      { id: "r1", name: "Ayşe", number: "+901" },
      { id: "r2", name: "Ali", number: "+902" },
    ])
    await h.start()
    await settle()
    expect(h.ids()).toEqual(["r1", "r2"])
    expect(h.stateOf("r1")?.context.countdown).toBe(60)
  })

  it("outgoing: one at a time, CALLING -> ACCEPTED becomes the active outgoing call, call-ended drops it", async () => {
    const h = harness()
    await h.start()
    h.actor.send({ type: "outgoing.dial", number: "+905551112233" })
    h.actor.send({ type: "outgoing.dial", number: "+905551112244" })
    expect(h.actor.getSnapshot().context.notice).toBe("anotherOutgoing")
    h.media.offers.get("outgoing:+905551112233")!({ type: "media.offer", sdp: "v=0 o" })
    expect(h.emitted.at(-1)).toMatchObject({
      event: "initiate-call",
      payload: { number: "+905551112233", sdp: "v=0 o" },
    })
    h.rt({ type: "rt.initiated-call-response", callId: "w1", number: "+905551112233", clientId: 1, userId: 7 })
    h.rt({ type: "rt.call-status-update", callId: "w1", callStatus: "RINGING" })
    expect(h.actor.getSnapshot().context.outgoing?.getSnapshot().context).toMatchObject({
      callId: "w1",
      status: "RINGING",
    })
    h.rt({ type: "rt.call-status-update", callId: "w1", callStatus: "ACCEPTED" })
    expect(h.actor.getSnapshot().context.activeOutgoingCallId).toBe("w1")
    h.ring("x")
    h.actor.send({ type: "call.accept", callId: "x" })
    expect(h.actor.getSnapshot().context.notice).toBe("anotherActive")
    h.rt({ type: "rt.call-ended", callId: "w1" })
    expect(h.actor.getSnapshot().context).toMatchObject({ outgoing: null, activeOutgoingCallId: null })
  })

  it("calls turned off: a dial the server refuses says so and leaves no outgoing call", async () => {
    const h = harness()
    await h.start()
    h.actor.send({ type: "outgoing.dial", number: "+905551112233" })
    h.media.offers.get("outgoing:+905551112233")!({ type: "media.offer", sdp: "v=0 o" })
    h.rt({ type: "rt.initiated-call-response", callId: "w2", number: "+905551112233", clientId: 1, userId: 7 })
    h.rt({ type: "rt.call-status-update", callId: "w2", callStatus: "REFUSED" })
    h.rt({ type: "rt.call-ended", callId: "w2" })
    expect(h.actor.getSnapshot().context).toMatchObject({ notice: "callsOff", outgoing: null, activeOutgoingCallId: null })
  })

  it("a call carrying the tenant's ring time counts down from it, also on the card restored after a reload", async () => {
    const h = harness()
    await h.start()
    h.rt({ type: "rt.call-is-coming", callId: "r1", callerName: "Ayşe", callerNumber: "+905551112233", ringSeconds: 25 })
    expect(systemActor(h.actor.system, "call-r1")?.getSnapshot().context.countdown).toBe(25)
    await settle()
    expect(h.persisted.at(-1)?.calls).toEqual([{ id: "r1", name: "Ayşe", number: "+905551112233", ringSeconds: 25 }])
  })

  it("a call carrying the tenant's quick replies keeps them for its card's menu, also after a reload", async () => {
    const h = harness()
    await h.start()
    const quickReplies = ["Bir dakika, arıyorum", "Mesaj yazın lütfen"]
    h.rt({ type: "rt.call-is-coming", callId: "r2", callerName: "Ayşe", callerNumber: "+905551112233", quickReplies })
    expect(h.actor.getSnapshot().context.calls.map((call) => call.quickReplies)).toEqual([quickReplies])
    await settle()
    expect(h.persisted.at(-1)?.calls).toEqual([{ id: "r2", name: "Ayşe", number: "+905551112233", quickReplies }])
  })

  it("quick reply: sends the text, links it to the call and ends the call with 'Sent Successfully!'", async () => {
    const h = harness()
    await h.start()
    h.ring("q")
    h.actor.send({ type: "call.quickReply", callId: "q", text: "I will call you back" })
    await settle()
    await settle()
    expect(h.emitted.map((e) => e.event)).toEqual(["call-message", "reject-call"])
    expect(h.emitted[0].payload).toEqual({ clientId: 1, callId: "q", messageId: "msg-1" })
    expect(h.actor.getSnapshot().context.notice).toBe("sent")
    expect(h.ids()).toEqual([])
  })

  it("stopping (logout or permission gone) stops every call actor", async () => {
    const h = harness()
    await h.start()
    h.ring("a")
    h.actor.send({ type: "CENTER.STOP" })
    expect(h.actor.getSnapshot().value).toBe("off")
    expect(systemActor(h.actor.system, "call-a")).toBeUndefined()
  })
})
