/**
 * Model-based test of the outgoing-call machine: the shortest path to every state plus whole stories, replayed on
 * a running actor with a scripted peer connection and ticker; after each step the actor must match the model
 * (state, status, timer, mute, call id) and the messages to the centre must match the state entered.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { getPathsFromEvents, getShortestPaths } from "xstate/graph"
import { outgoingCallMachine, type OutgoingCallEvent } from "./outgoing-call-machine"
import type { ChildToCentre, MediaCommand, MediaEvent } from "./call-events"

const events: OutgoingCallEvent[] = [
  { type: "media.offer", sdp: "v=0 offer" },
  { type: "media.failed" },
  { type: "INITIATED", callId: "wacid.9" },
  { type: "STATUS", status: "RINGING" },
  { type: "STATUS", status: "ACCEPTED" },
  { type: "STATUS", status: "CONNECTED" },
  { type: "ANSWER", sdp: "v=0 answer" },
  { type: "TERMINATE" },
  { type: "ENDED" },
  { type: "MUTE" },
  { type: "TICK" },
]
const input = { number: "+905551112233", userId: 7, clientId: 1 }
type Snap = ReturnType<typeof outgoingCallMachine.getInitialSnapshot>
type Ctx = Snap["context"]

const recording = (toCentre: ChildToCentre[]) => {
  const tell =
    (message: (c: Ctx) => ChildToCentre) =>
    ({ context }: { context: Ctx }) =>
      void toCentre.push(message(context))
  return outgoingCallMachine.provide({
    actions: {
      dial: ({ context, event }) =>
        void toCentre.push({
          type: "socket.emit",
          event: "initiate-call",
          payload: { userId: 7, clientId: 1, number: context.number, sdp: (event as { sdp: string }).sdp },
        }),
      tellTerminated: tell((c) => ({
        type: "socket.emit",
        event: "terminate-call",
        payload: { clientId: 1, userId: 7, callId: c.callId ?? "" },
      })),
      noticeMicrophone: tell(() => ({ type: "call.notice", notice: "microphoneAccess" })),
      finished: tell(() => ({ type: "outgoing.finished" })),
    },
  })
}
// The graph walks pure transitions, where no peer-connection actor exists to receive the answer or mute.
const model = recording([]).provide({ actions: { passAnswer: () => undefined, applyMute: () => undefined } })
const serialize = (s: Snap) => JSON.stringify([s.value, s.context.status, s.context.isMuted, s.context.callId, s.context.timer > 0])
const options = { events, input, serializeState: (s: unknown) => serialize(s as Snap) }
const shortest = getShortestPaths(model, options)
const stories: OutgoingCallEvent[][] = [
  [
    { type: "MUTE" },
    { type: "media.offer", sdp: "v=0 offer" },
    { type: "INITIATED", callId: "wacid.9" },
    { type: "STATUS", status: "RINGING" },
    { type: "ANSWER", sdp: "v=0 answer" },
    { type: "STATUS", status: "ACCEPTED" },
    { type: "TICK" },
    { type: "STATUS", status: "CONNECTED" },
    { type: "MUTE" },
    { type: "TERMINATE" },
  ],
  [{ type: "media.offer", sdp: "v=0 offer" }, { type: "INITIATED", callId: "wacid.9" }, { type: "ENDED" }],
]
const paths = [...shortest, ...stories.map((story) => getPathsFromEvents(model, story, options)[0])]

const harness = () => {
  const toCentre: ChildToCentre[] = []
  const media: MediaCommand[] = []
  const actor = createActor(
    recording(toCentre).provide({
      actors: {
        ticker: fromCallback(() => () => undefined),
        callMedia: fromCallback<MediaCommand, { callId: string }, MediaEvent>(({ receive }) => void receive((c) => media.push(c))),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, toCentre, media }
}

describe("outgoing-call machine (model)", () => {
  it("reaches every state and uses every event", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)))
    for (const value of [{ live: "preparing" }, { live: "calling" }, { live: "accepted" }, "hungUp", "failed", "ended"])
      expect(reached).toContain(JSON.stringify(value))
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)))
    for (const event of events) expect(used).toContain(event.type)
  })
  for (const path of paths) {
    it(`replays ${path.steps.map((s) => s.event.type).join(" → ")}`, () => {
      const h = harness()
      for (const step of path.steps) {
        const before = h.toCentre.length
        h.actor.send(step.event as OutgoingCallEvent)
        const snap = h.actor.getSnapshot()
        const model = step.state
        expect(snap.value).toEqual(model.value)
        // (Story steps from getPathsFromEvents carry the state value only.)
        if (shortest.includes(path))
          expect([snap.context.status, snap.context.timer > 0, snap.context.isMuted, snap.context.callId]).toEqual([
            model.context.status,
            model.context.timer > 0,
            model.context.isMuted,
            model.context.callId,
          ])
        const sent = h.toCentre
          .slice(before)
          .map((m) => (m.type === "socket.emit" ? m.event : m.type === "call.notice" ? m.notice : m.type))
        if (snap.value === "hungUp" && sent.length) expect(sent).toEqual(["terminate-call", "outgoing.finished"])
        if (snap.value === "failed" && sent.length) expect(sent).toEqual(["microphoneAccess", "outgoing.finished"])
        if (snap.value === "ended" && sent.length) expect(sent).toEqual(["outgoing.finished"])
        if (step.event.type === "media.offer" && snap.matches({ live: "calling" }) && sent.length) expect(sent).toEqual(["initiate-call"])
      }
    })
  }
  it("CALLING until ACCEPTED, then the timer ticks; the answer and mute reach the peer connection", () => {
    const h = harness()
    expect(h.actor.getSnapshot().context).toMatchObject({ status: "CALLING", name: "Unknown", type: "outgoing" })
    h.actor.send({ type: "media.offer", sdp: "o" })
    h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().context.timer).toBe(0)
    h.actor.send({ type: "ANSWER", sdp: "a" })
    h.actor.send({ type: "STATUS", status: "ACCEPTED" })
    h.actor.send({ type: "TICK" })
    h.actor.send({ type: "MUTE" })
    expect(h.actor.getSnapshot().context).toMatchObject({ status: "ACCEPTED", timer: 1, isMuted: true })
    expect(h.media).toEqual([
      { type: "answer", sdp: "a" },
      { type: "mute", muted: true },
    ])
  })
})
