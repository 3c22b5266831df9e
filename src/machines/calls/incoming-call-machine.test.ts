/**
 * Model-based test of the incoming-call machine: xstate/graph walks the shortest path to every reachable state and
 * the simple paths of up to 5 steps; each path is replayed on a running actor whose ticker and peer connection are
 * scripted, and after each step the actor must sit where the model says with the same countdown, timer, hidden and
 * mute flags, and the messages to the centre must match the state entered. Every event is on some path, hold, resume
 * and transfer included, warm transfer's consult on both cards (the sender's and the colleague's), and a card found
 * held (a reload) is walked from its parked start too.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback } from "xstate"
import { getPathsFromEvents, getShortestPaths } from "xstate/graph"
import { incomingCallMachine, type IncomingCallEvent } from "./incoming-call-machine"
import type { ChildToCentre, MediaCommand, MediaEvent } from "./call-events"
import { cardOf, selectCardSeconds, selectHeldSeconds } from "./call-selectors"

const events: IncomingCallEvent[] = [
  { type: "ACCEPT" },
  { type: "REJECT" },
  { type: "TERMINATE" },
  { type: "HIDE" },
  { type: "RESTORE" },
  { type: "MUTE" },
  { type: "TICK" },
  { type: "ANSWER", sdp: "v=0 answer" },
  { type: "START_TIMER" },
  { type: "media.offer", sdp: "v=0 offer" },
  { type: "media.connected" },
  { type: "media.failed" },
  { type: "HOLD" },
  { type: "RESUME" },
  { type: "HELD", heldSeconds: 3, talkSeconds: 5 },
  { type: "RESUMED" },
  { type: "LIST_TARGETS" },
  { type: "TARGETS", agents: [{ id: 3, name: "Aylin" }], groups: [{ id: 9, name: "Sales" }] },
  { type: "TRANSFER", to: { kind: "agent", id: 3 }, name: "Aylin" },
  { type: "RETURNED", notTakenBy: "Aylin" },
  { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
  { type: "CONSULT_STARTED", colleague: "Aylin" },
  { type: "COMPLETE" },
  { type: "CANCEL" },
  { type: "CONSULT_ENDED" },
  { type: "HANDED_OVER" },
]
const input = { callId: "wacid.1", name: "Ayşe", number: "+905551112233", userId: 7, clientId: 1 }

type Snap = ReturnType<typeof incomingCallMachine.getInitialSnapshot>
type Ctx = Snap["context"]

/** The machine with its messages to the centre recorded instead of sent to a parent. */
const recording = (toCentre: ChildToCentre[]) => {
  const ids = (c: Ctx) => ({ clientId: c.clientId, userId: c.userId, callId: c.callId })
  const tell =
    (message: (ctx: Ctx) => ChildToCentre) =>
    ({ context }: { context: Ctx }) =>
      void toCentre.push(message(context))
  return incomingCallMachine.provide({
    actions: {
      sendOffer: ({ context, event }) =>
        void toCentre.push(
          context.reclaiming
            ? { type: "socket.emit", event: "resume", payload: { callId: context.callId, sdp: (event as { sdp: string }).sdp } }
            : { type: "socket.emit", event: "browser-offer", payload: { ...ids(context), sdp: (event as { sdp: string }).sdp } },
        ),
      tellHold: tell((c) => ({ type: "socket.emit", event: "hold", payload: { callId: c.callId } })),
      tellResume: tell((c) => ({ type: "socket.emit", event: "resume", payload: { callId: c.callId } })),
      askTargets: tell((c) => ({ type: "socket.emit", event: "transfer-targets", payload: { callId: c.callId } })),
      tellTransfer: ({ context, event }) =>
        void toCentre.push({
          type: "socket.emit",
          event: "transfer",
          payload: { callId: context.callId, to: (event as { to: { kind: "agent" | "group"; id: number } }).to },
        }),
      tellConsult: ({ context, event }) =>
        void toCentre.push({
          type: "socket.emit",
          event: "consult",
          payload: { callId: context.callId, to: (event as { to: { kind: "agent" | "group"; id: number } }).to },
        }),
      tellComplete: tell((c) => ({ type: "socket.emit", event: "consult-complete", payload: { callId: c.callId } })),
      tellCancel: tell((c) => ({ type: "socket.emit", event: "consult-cancel", payload: { callId: c.callId } })),
      tellRejected: tell((c) => ({ type: "socket.emit", event: "reject-call", payload: ids(c) })),
      tellTerminated: tell((c) => ({ type: "socket.emit", event: "terminate-call", payload: ids(c) })),
      noticeMicrophone: tell(() => ({ type: "call.notice", notice: "microphone" })),
      finished: tell((c) => ({ type: "call.finished", callId: c.callId })),
    },
  })
}
const model = recording([])
const serialize = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.hidden,
    s.context.isMuted,
    s.context.countdown < s.context.ringSeconds,
    s.context.timer > 0,
    s.context.heldTimer > 0,
    s.context.reclaiming,
    s.context.targets !== null,
    s.context.consultBy ?? null,
  ])
const options = { events, input, serializeState: (s: unknown) => serialize(s as Snap) }
const shortest = getShortestPaths(model, options)
// Whole stories (simple paths explode with the flags in the state identity): each replayed step by step.
const stories: IncomingCallEvent[][] = [
  [
    { type: "TICK" },
    { type: "HIDE" },
    { type: "RESTORE" },
    { type: "ACCEPT" },
    { type: "media.offer", sdp: "v=0 offer" },
    { type: "ANSWER", sdp: "v=0 answer" },
    { type: "START_TIMER" },
    { type: "TICK" },
    { type: "MUTE" },
    { type: "HIDE" },
    { type: "RESTORE" },
    { type: "MUTE" },
    { type: "TERMINATE" },
  ],
  [
    { type: "ACCEPT" },
    { type: "media.failed" },
    { type: "TICK" },
    { type: "ACCEPT" },
    { type: "media.offer", sdp: "v=0 offer" },
    { type: "media.connected" },
    { type: "REJECT" },
  ],
  [{ type: "HIDE" }, { type: "TICK" }, { type: "REJECT" }],
  [{ type: "ACCEPT" }, { type: "START_TIMER" }, { type: "media.connected" }, { type: "START_TIMER" }, { type: "TERMINATE" }],
  // Hold, a tick on hold, resume; the server holds it again (a switch) and resumes it; then the end.
  [
    { type: "ACCEPT" },
    { type: "START_TIMER" },
    { type: "HOLD" },
    { type: "TICK" },
    { type: "MUTE" },
    { type: "HIDE" },
    { type: "RESTORE" },
    { type: "RESUME" },
    { type: "HELD", heldSeconds: 3, talkSeconds: 5 },
    { type: "HELD", heldSeconds: 3, talkSeconds: 5 },
    { type: "RESUMED" },
    { type: "TERMINATE" },
  ],
  // A ringing card from storage is held on the server (a reload): parked; resuming makes the media and offers with resume.
  [
    { type: "HELD", heldSeconds: 3, talkSeconds: 5 },
    { type: "TICK" },
    { type: "RESUME" },
    { type: "media.offer", sdp: "v=0 offer" },
    { type: "ANSWER", sdp: "v=0 answer" },
    { type: "media.connected" },
    { type: "HOLD" },
    { type: "TERMINATE" },
  ],
  [{ type: "HELD", heldSeconds: 3, talkSeconds: 5 }, { type: "RESUME" }, { type: "media.failed" }, { type: "REJECT" }],
  // Transfer from the active call, it comes back and is sent again, taken back by a resume; then from a held call.
  [
    { type: "ACCEPT" },
    { type: "START_TIMER" },
    { type: "LIST_TARGETS" },
    { type: "TARGETS", agents: [{ id: 3, name: "Aylin" }], groups: [{ id: 9, name: "Sales" }] },
    { type: "TRANSFER", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "TICK" },
    { type: "RETURNED", notTakenBy: "Aylin" },
    { type: "LIST_TARGETS" },
    { type: "TRANSFER", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "RESUME" },
    { type: "HOLD" },
    { type: "TRANSFER", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "HELD", heldSeconds: 3, talkSeconds: 5 },
    { type: "RESUMED" },
    { type: "TERMINATE" },
  ],
  // Warm transfer: asked, not taken, asked again and taken; the talk muted and unmuted, ended by the colleague; asked
  // from the held call, taken, cancelled by the agent; asked again, taken, handed over.
  [
    { type: "ACCEPT" },
    { type: "START_TIMER" },
    { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "RETURNED", notTakenBy: "Aylin" },
    { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "CONSULT_STARTED", colleague: "Aylin" },
    { type: "MUTE" },
    { type: "TICK" },
    { type: "MUTE" },
    { type: "CONSULT_ENDED" },
    { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "CONSULT_STARTED", colleague: "Aylin" },
    { type: "CANCEL" },
    { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "CONSULT_STARTED", colleague: "Aylin" },
    { type: "COMPLETE" },
    { type: "RESUME" },
    { type: "TERMINATE" },
  ],
  // A consult taken and left by the agent resuming the customer.
  [
    { type: "ACCEPT" },
    { type: "START_TIMER" },
    { type: "HOLD" },
    { type: "CONSULT", to: { kind: "agent", id: 3 }, name: "Aylin" },
    { type: "CONSULT_STARTED", colleague: "Aylin" },
    { type: "RESUME" },
    { type: "TERMINATE" },
  ],
]
const simple = stories.map((story) => getPathsFromEvents(model, story, options)[0])
// The colleague's card of a warm transfer: it talks, is handed the call, or leaves the talk (its end or its reject).
const consultee = { ...input, consultBy: "Kerem" }
const consulteeStories: IncomingCallEvent[][] = [
  [
    { type: "ACCEPT" },
    { type: "media.offer", sdp: "v=0 offer" },
    { type: "ANSWER", sdp: "v=0 answer" },
    { type: "media.connected" },
    { type: "MUTE" },
    { type: "HOLD" },
    { type: "HANDED_OVER" },
    { type: "HOLD" },
    { type: "TERMINATE" },
  ],
  [{ type: "ACCEPT" }, { type: "START_TIMER" }, { type: "TERMINATE" }],
  [{ type: "ACCEPT" }, { type: "media.connected" }, { type: "REJECT" }],
  // Handed over before the media connected: the card connects as the call's own; left before it connected.
  [{ type: "ACCEPT" }, { type: "HANDED_OVER" }, { type: "media.connected" }, { type: "HOLD" }, { type: "TERMINATE" }],
  [{ type: "ACCEPT" }, { type: "TERMINATE" }],
]
// getPathsFromEvents walks from the default input's start unless told the start (its `input` is not passed on).
const consulteeStart = createActor(model, { input: consultee }).getSnapshot()
const consulteeSimple = consulteeStories.map(
  (story) => getPathsFromEvents(model, story, { ...options, input: consultee, fromState: consulteeStart })[0],
)

type Input = typeof input & {
  readonly ringSeconds?: number
  readonly held?: { heldSeconds: number; talkSeconds: number }
  readonly consultBy?: string
}

const harness = (given: Input = input) => {
  const toCentre: ChildToCentre[] = []
  const media: MediaCommand[] = []
  let mediaRunning = 0
  const actor = createActor(
    recording(toCentre).provide({
      actors: {
        ticker: fromCallback(() => () => undefined),
        callMedia: fromCallback<MediaCommand, { callId: string }, MediaEvent>(({ receive }) => {
          mediaRunning++
          receive((command) => media.push(command))
          return () => void mediaRunning--
        }),
      },
    }),
    { input: given },
  )
  actor.start()
  return {
    actor,
    toCentre,
    media,
    get mediaRunning() {
      return mediaRunning
    },
  }
}

const replay = (path: (typeof shortest)[number], given: Input = input) => {
  const h = harness(given)
  for (const step of path.steps) {
    const before = h.toCentre.length
    h.actor.send(step.event as IncomingCallEvent)
    const snap = h.actor.getSnapshot()
    const model = step.state
    expect(snap.value).toEqual(model.value)
    expect([
      snap.context.countdown < snap.context.ringSeconds,
      snap.context.timer > 0,
      snap.context.hidden,
      snap.context.isMuted,
      snap.context.heldTimer > 0,
    ]).toEqual([
      model.context.countdown < (model.context.ringSeconds ?? 60),
      model.context.timer > 0,
      model.context.hidden,
      model.context.isMuted,
      model.context.heldTimer > 0,
    ])
    const sent = h.toCentre.slice(before)
    if (snap.matches("rejected") && snap.status === "done" && before === h.toCentre.length - 2) {
      expect(sent.map((m) => (m.type === "socket.emit" ? m.event : m.type))).toEqual(["reject-call", "call.finished"])
    }
    if (step.event.type === "media.offer" && snap.matches({ active: "connecting" }))
      expect(sent).toEqual([
        snap.context.reclaiming
          ? { type: "socket.emit", event: "resume", payload: { callId: "wacid.1", sdp: "v=0 offer" } }
          : { type: "socket.emit", event: "browser-offer", payload: { clientId: 1, userId: 7, callId: "wacid.1", sdp: "v=0 offer" } },
      ])
    // The agent's own hold and resume are told to the server; the server's HELD and RESUMED are not told back.
    if (step.event.type === "HOLD" && snap.matches({ active: "held" }))
      expect(sent).toEqual([{ type: "socket.emit", event: "hold", payload: { callId: "wacid.1" } }])
    if (step.event.type === "RESUME" && snap.matches({ active: "connected" }))
      expect(sent).toEqual([{ type: "socket.emit", event: "resume", payload: { callId: "wacid.1" } }])
    if (step.event.type === "HELD" || step.event.type === "RESUMED") expect(sent).toEqual([])
    // A transfer is told with its target and holds the call until it is taken or comes back; the menu asks the server.
    if (step.event.type === "TRANSFER" && snap.hasTag("transferring"))
      expect(sent).toEqual([{ type: "socket.emit", event: "transfer", payload: { callId: "wacid.1", to: step.event.to } }])
    if (step.event.type === "LIST_TARGETS" && snap.matches("active"))
      expect(sent).toEqual(
        snap.matches({ active: { held: "waiting" } }) ||
          snap.matches({ active: { held: "returned" } }) ||
          snap.matches({ active: "connected" })
          ? [{ type: "socket.emit", event: "transfer-targets", payload: { callId: "wacid.1" } }]
          : [],
      )
    // Warm transfer: the ask names its target; the hand-over and the end of the talk are told; the server's are not.
    if (step.event.type === "CONSULT" && snap.hasTag("asking"))
      expect(sent).toEqual([{ type: "socket.emit", event: "consult", payload: { callId: "wacid.1", to: step.event.to } }])
    if (step.event.type === "COMPLETE" && snap.hasTag("handingOver"))
      expect(sent).toEqual([{ type: "socket.emit", event: "consult-complete", payload: { callId: "wacid.1" } }])
    if (step.event.type === "CANCEL" && snap.matches({ active: { held: "waiting" } }))
      expect(sent).toEqual([{ type: "socket.emit", event: "consult-cancel", payload: { callId: "wacid.1" } }])
    if (["CONSULT_STARTED", "CONSULT_ENDED", "HANDED_OVER"].includes(step.event.type)) expect(sent).toEqual([])
    if (snap.hasTag("consulting") || snap.hasTag("asking") || snap.hasTag("handingOver")) expect(cardOf(snap).phase).toBe("held")
    // The agent's microphone is live only while they talk with the colleague (as they left it: muted or not).
    if (snap.hasTag("consulting")) expect(h.media.at(-1)).toEqual({ type: "mute", muted: snap.context.isMuted })
    if (snap.hasTag("held") && !snap.hasTag("consulting") && snap.matches("active"))
      expect(h.media.at(-1)).toEqual({ type: "mute", muted: true })
    // The colleague only talks until the call is handed over: no hold, no transfer of a call that is not theirs yet.
    if (snap.hasTag("consultee")) {
      expect(cardOf(snap).consult).toBe("consultee")
      expect(snap.can({ type: "HOLD" }) || cardOf(snap).canTransfer || cardOf(snap).canConsult).toBe(false)
    }
    if (step.event.type === "HANDED_OVER" && snap.matches({ active: "connecting" })) expect(snap.context.consultBy).toBeUndefined()
    if (snap.matches("leftConsult"))
      expect(sent).toEqual([
        { type: "socket.emit", event: "consult-cancel", payload: { callId: "wacid.1" } },
        { type: "call.finished", callId: "wacid.1" },
      ])
    if (snap.hasTag("transferring") || snap.hasTag("returned")) expect(cardOf(snap).transferTo).toBe("Aylin")
    if (step.event.type === "RETURNED" || step.event.type === "TARGETS") expect(sent).toEqual([])
    if (step.event.type === "media.failed" && sent.length) expect(sent).toEqual([{ type: "call.notice", notice: "microphone" }])
    // What the card shows follows the state: its phase, and the countdown while ringing, the timer afterwards.
    if (snap.status === "active") {
      const phase = snap.matches("ringing")
        ? "ringing"
        : snap.matches({ active: "held" }) || snap.matches("parked")
          ? "held"
          : snap.matches({ active: "connected" }) || snap.matches({ active: "consultee" })
            ? "connected"
            : "connecting"
      expect(cardOf(snap).phase).toBe(phase)
      expect(selectCardSeconds(snap)).toBe(phase === "ringing" ? snap.context.countdown : snap.context.timer)
      expect(selectHeldSeconds(snap)).toBe(phase === "held" ? snap.context.heldTimer : null)
    }
    // The peer connection lives exactly while the call is active.
    expect(h.mediaRunning).toBe(snap.matches("active") ? 1 : 0)
  }
  return h
}

describe("incoming-call machine (model)", () => {
  it("reaches every state of the machine", () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)))
    for (const value of [
      "ringing",
      { active: "connecting" },
      { active: "connected" },
      { active: { held: "waiting" } },
      { active: { held: "transferring" } },
      { active: { held: "returned" } },
      { active: { held: { consulting: "asking" } } },
      { active: { held: { consulting: "talking" } } },
      { active: { held: { consulting: "handingOver" } } },
      "parked",
      "rejected",
      "ended",
    ])
      expect(reached).toContain(JSON.stringify(value))
  })
  it("covers every event on some path", () => {
    const used = new Set([...shortest, ...simple, ...consulteeSimple].flatMap((p) => p.steps.map((s) => s.event.type)))
    for (const event of events) expect(used).toContain(event.type)
  })
  for (const path of [...shortest, ...simple]) {
    const name = path.steps.map((s) => s.event.type).join(" → ") || "(start)"
    it(`replays ${name}`, () => void replay(path))
  }
})

describe("incoming-call machine (model, the tenant's ring time)", () => {
  // Every state and step replayed on a card that counts down from the tenant's ring time instead of 60.
  const given: Input = { ...input, ringSeconds: 2 }
  const paths = getShortestPaths(model, { ...options, input: given })
  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const value of ["ringing", { active: "connecting" }, { active: "connected" }, "rejected", "ended"])
      expect(reached).toContain(JSON.stringify(value))
  })
  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type).join(" → ") || "(start)"
    it(`replays ${name}`, () => void replay(path, given))
  }
})

describe("incoming-call machine (model, found held after a reload)", () => {
  // Every state reachable from a card that starts parked (the server's call-held for a call this tab did not show).
  const given: Input = { ...input, held: { heldSeconds: 40, talkSeconds: 95 } }
  const paths = getShortestPaths(model, { ...options, input: given })
  it("starts parked and reaches the active states", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const value of ["parked", { active: "connecting" }, { active: "connected" }, { active: { held: "waiting" } }, "ended"])
      expect(reached).toContain(JSON.stringify(value))
    expect(harness(given).actor.getSnapshot().value).toBe("parked")
  })
  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type).join(" → ") || "(start)"
    it(`replays ${name}`, () => void replay(path, given))
  }
})

describe("incoming-call machine (model, a colleague's consult ringing here)", () => {
  // The colleague's card of a warm transfer: every state and step from its ringing start.
  const given = consultee
  const paths = [...getShortestPaths(model, { ...options, input: given }), ...consulteeSimple]
  it("talks as the consultee, then has the call or leaves the talk", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)))
    for (const value of ["ringing", { active: "consultee" }, { active: "connected" }, "leftConsult", "rejected"])
      expect(reached).toContain(JSON.stringify(value))
  })
  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type).join(" → ") || "(start)"
    it(`replays ${name}`, () => void replay(path, given))
  }
})

describe("incoming-call machine (rules)", () => {
  it("hold cuts the media and counts its own time; resume gives the mute back; a found call keeps the server's clocks", () => {
    const h = harness()
    h.actor.send({ type: "ACCEPT" })
    h.actor.send({ type: "START_TIMER" })
    h.actor.send({ type: "MUTE" })
    h.actor.send({ type: "TICK" })
    h.actor.send({ type: "HOLD" })
    for (let i = 0; i < 3; i++) h.actor.send({ type: "TICK" })
    expect(selectHeldSeconds(h.actor.getSnapshot())).toBe(3)
    expect(h.actor.getSnapshot().context.timer).toBe(4)
    h.actor.send({ type: "RESUME" })
    expect(selectHeldSeconds(h.actor.getSnapshot())).toBeNull()
    expect(h.media).toEqual([
      { type: "mute", muted: true },
      { type: "mute", muted: true },
      { type: "mute", muted: true },
    ])
    const found = harness({ ...input, held: { heldSeconds: 40, talkSeconds: 95 } })
    found.actor.send({ type: "TICK" })
    expect(selectHeldSeconds(found.actor.getSnapshot())).toBe(41)
    expect(selectCardSeconds(found.actor.getSnapshot())).toBe(96)
    found.actor.send({ type: "RESUME" })
    found.actor.send({ type: "media.offer", sdp: "v=0 o" })
    expect(found.toCentre).toEqual([{ type: "socket.emit", event: "resume", payload: { callId: "wacid.1", sdp: "v=0 o" } }])
    found.actor.send({ type: "TICK" })
    expect(selectCardSeconds(found.actor.getSnapshot())).toBe(97)
  })

  it("auto-rejects after 60 ticks of ringing and tells the server", () => {
    const h = harness()
    for (let i = 0; i < 59; i++) h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().context.countdown).toBe(1)
    expect(h.actor.getSnapshot().matches("ringing")).toBe(true)
    h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().status).toBe("done")
    expect(h.toCentre).toEqual([
      { type: "socket.emit", event: "reject-call", payload: { clientId: 1, userId: 7, callId: "wacid.1" } },
      { type: "call.finished", callId: "wacid.1" },
    ])
  })
  it("restoring a hidden card resets the countdown to 60; an active call never expires", () => {
    const h = harness()
    for (let i = 0; i < 30; i++) h.actor.send({ type: "TICK" })
    h.actor.send({ type: "HIDE" })
    h.actor.send({ type: "RESTORE" })
    expect(h.actor.getSnapshot().context).toMatchObject({ countdown: 60, hidden: false })
    h.actor.send({ type: "HIDE" })
    h.actor.send({ type: "ACCEPT" })
    expect(h.actor.getSnapshot().context.hidden).toBe(false)
    for (let i = 0; i < 120; i++) h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().matches("active")).toBe(true)
    expect(h.actor.getSnapshot().context.timer).toBe(120)
  })
  it("a call carrying the tenant's ring time counts down from it, a restore resets to it, and it auto-rejects at its end", () => {
    const h = harness({ ...input, ringSeconds: 15 })
    expect(selectCardSeconds(h.actor.getSnapshot())).toBe(15)
    for (let i = 0; i < 5; i++) h.actor.send({ type: "TICK" })
    h.actor.send({ type: "HIDE" })
    h.actor.send({ type: "RESTORE" })
    expect(h.actor.getSnapshot().context.countdown).toBe(15)
    for (let i = 0; i < 14; i++) h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().matches("ringing")).toBe(true)
    h.actor.send({ type: "TICK" })
    expect(h.actor.getSnapshot().status).toBe("done")
    expect(h.toCentre.map((m) => (m.type === "socket.emit" ? m.event : m.type))).toEqual(["reject-call", "call.finished"])
  })
  it("mute toggles the audio track through the media actor; the answer is passed on", () => {
    const h = harness()
    h.actor.send({ type: "ACCEPT" })
    h.actor.send({ type: "ANSWER", sdp: "v=0 a" })
    h.actor.send({ type: "MUTE" })
    h.actor.send({ type: "MUTE" })
    expect(h.media).toEqual([
      { type: "answer", sdp: "v=0 a" },
      { type: "mute", muted: true },
      { type: "mute", muted: false },
    ])
  })
})
