/**
 * Model-based test of the call centre: xstate/graph walks the shortest path to every reachable combination of the
 * centre's state and the parts of its context the cards show, and each path is replayed on a running centre whose
 * socket, ring tone, storage and quick reply are scripted and whose call actors are real. After every step the centre
 * must be where the model says, hold one running call actor per card (and no other), and ring exactly while the
 * model's tone region rings. A repeated call-is-coming for a call on screen is one of the walked events.
 */
import { describe, expect, it } from "vitest"
import { createActor, createEmptyActor, fromCallback, fromPromise } from "xstate"
import { getPathsFromEvents, getShortestPaths } from "xstate/graph"
import { completion, makeScript, settle } from "../common/scripted-actors.testing"
import { callCenterMachine } from "./call-center-machine"
import type { CallCenterEvent } from "./call-center-setup"
import type { MediaCommand, MediaEvent } from "./call-events"
import type { IncomingCallEvent, IncomingCallInput } from "./incoming-call-machine"
import { outgoingCallMachine } from "./outgoing-call-machine"
import { systemActor } from "../system-ids"

type ModelEvent = CallCenterEvent | { type: string; output?: unknown; error?: unknown }

const coming = (callId: string): CallCenterEvent => ({
  type: "rt.call-is-coming",
  callId,
  callerName: `N ${callId}`,
  callerNumber: `+90${callId}`,
})
const start: CallCenterEvent = { type: "CENTER.START", userId: 7, clientId: 1, online: true }
const offline: CallCenterEvent = { type: "CENTER.ONLINE", online: false }
const online: CallCenterEvent = { type: "CENTER.ONLINE", online: true }
// A stored card that is also ringing now must not become a second actor.
const restored: ModelEvent = {
  type: "xstate.done.actor.restore",
  output: { calls: [{ id: "a", name: "N a", number: "+90a" }], toneEnabled: true },
}
const accept = (callId: string): CallCenterEvent => ({ type: "call.accept", callId })
const hide: CallCenterEvent = { type: "call.hide", callId: "a" }
const restore: CallCenterEvent = { type: "call.restore", callId: "a" }
const finished: CallCenterEvent = { type: "call.finished", callId: "a" }
const removed: CallCenterEvent = { type: "rt.remove-call", callId: "b", userId: 9 }
const microphone: CallCenterEvent = { type: "call.notice", notice: "microphone" }
const dial: CallCenterEvent = { type: "outgoing.dial", number: "+905551112233" }
const answered: CallCenterEvent = { type: "rt.call-status-update", callId: "w1", callStatus: "ACCEPTED" }
const dialEnded: CallCenterEvent = { type: "outgoing.finished" }
const dismiss: CallCenterEvent = { type: "notice.dismiss" }
const reply: CallCenterEvent = { type: "call.quickReply", callId: "b", text: "Later" }
const replied: ModelEvent = { type: "xstate.done.actor.quickReply", output: "msg-1" }
const refused: ModelEvent = { type: "xstate.error.actor.quickReply", error: new Error("500") }
const hold: CallCenterEvent = { type: "call.hold", callId: "a" }
const resume: CallCenterEvent = { type: "call.resume", callId: "a" }
/** The server held "b" (a switch), or this tab connected and finds "h" held (a reload). */
const heldB: CallCenterEvent = {
  type: "rt.call-held",
  callId: "b",
  callerName: "N b",
  callerNumber: "+90b",
  heldSeconds: 0,
  talkSeconds: 4,
}
const foundH: CallCenterEvent = {
  type: "rt.call-held",
  callId: "h",
  callerName: "N h",
  callerNumber: "+90h",
  heldSeconds: 9,
  talkSeconds: 30,
}
const resumedA: CallCenterEvent = { type: "rt.call-resumed", callId: "a" }
const askTargets: CallCenterEvent = { type: "call.transferTargets", callId: "a" }
const targets: CallCenterEvent = { type: "rt.transfer-targets", callId: "a", agents: [{ id: 3, name: "Aylin" }], groups: [] }
const transferA: CallCenterEvent = { type: "call.transfer", callId: "a", to: { kind: "agent", id: 3 }, name: "Aylin" }
const returnedA: CallCenterEvent = { type: "rt.transfer-returned", callId: "a", notTakenBy: "Aylin" }
const takenA: CallCenterEvent = { type: "rt.remove-call", callId: "a", userId: 3 }
const CENTER_STOP: CallCenterEvent = { type: "CENTER.STOP" }
const consultA: CallCenterEvent = { type: "call.consult", callId: "a", to: { kind: "agent", id: 3 }, name: "Aylin" }
const consultStarted: CallCenterEvent = { type: "rt.consult-started", callId: "a", colleague: "Aylin" }
const completeA: CallCenterEvent = { type: "call.completeConsult", callId: "a" }
const cancelA: CallCenterEvent = { type: "call.cancelConsult", callId: "a" }
const consultLeft: CallCenterEvent = { type: "rt.consult-ended", callId: "a", handedOver: false }
const handedB: CallCenterEvent = { type: "rt.consult-ended", callId: "b", handedOver: true }
/** A colleague's consult rings here as "b". */
const consultComing: CallCenterEvent = { ...coming("b"), consultBy: "Kerem" } as CallCenterEvent

const events: ModelEvent[] = [
  start,
  { type: "CENTER.STOP" },
  offline,
  online,
  restored,
  coming("a"),
  coming("b"),
  accept("a"),
  accept("b"),
  hide,
  restore,
  finished,
  removed,
  microphone,
  { type: "tone.toggle" },
  dial,
  answered,
  dialEnded,
  dismiss,
  reply,
  replied,
  refused,
]
/** Walked in the stories below only: in the shortest-path walk they multiply its few hundred paths several times over. */
const holdEvents: ModelEvent[] = [
  hold,
  resume,
  heldB,
  foundH,
  resumedA,
  askTargets,
  targets,
  transferA,
  returnedA,
  takenA,
  consultA,
  consultStarted,
  completeA,
  cancelA,
  consultLeft,
  handedB,
  consultComing,
]

type Snap = ReturnType<typeof callCenterMachine.getInitialSnapshot>
/** Everything the cards and toasts show: the replay must match the model on all of it. */
const detail = (s: Snap) => ({
  value: s.value,
  calls: s.context.calls.map((call) => call.callId),
  activeCallId: s.context.activeCallId,
  hidden: s.context.hidden,
  online: s.context.online,
  toneEnabled: s.context.toneEnabled,
  outgoing: s.context.outgoing !== null,
  activeOutgoingCallId: s.context.activeOutgoingCallId,
  notice: s.context.notice,
  replyCallId: s.context.replyCallId,
  held: s.context.held,
  returned: s.context.returned,
})
/** The walk's state identity, coarser than `detail` so that the walk stays a few hundred paths. */
const identity = (s: Snap) => {
  const d = detail(s)
  return [
    d.value,
    [...d.calls].sort(),
    d.activeCallId,
    d.hidden.length > 0,
    d.online,
    d.toneEnabled,
    d.outgoing && d.activeOutgoingCallId,
    [...d.held].sort(),
    [...d.returned].sort(),
  ]
}
/**
 * xstate/graph runs the whole walk in one mock actor system, so two branches that each ring call "a" would collide on
 * the system id `call-a`. The walk's machine gives every step a system of its own; the replay checks the real one.
 */
const isolatedScope = (): Parameters<typeof callCenterMachine.transition>[2] => {
  const empty = createEmptyActor()
  return {
    // xstate/graph's own mock scope does the same: an empty actor stands in for the machine's actor.
    self: empty as never,
    logger: () => undefined,
    id: "",
    sessionId: "",
    defer: () => undefined,
    system: empty.system,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: () => undefined,
  }
}
const walked: typeof callCenterMachine = Object.create(callCenterMachine, {
  transition: { value: (snapshot: Snap, event: CallCenterEvent) => callCenterMachine.transition(snapshot, event, isolatedScope()) },
})
const options = { events: events as CallCenterEvent[], serializeState: (s: unknown) => JSON.stringify(identity(s as Snap)) }
const shortest = getShortestPaths(walked, options)
// A repeated event that changes nothing never lies on a shortest path: these stories send them on purpose.
const stories: ModelEvent[][] = [
  [start, coming("a"), coming("a"), accept("a"), coming("a"), coming("b"), coming("b")],
  [start, coming("a"), restored, coming("a"), finished, coming("a")],
  [start, offline, coming("a"), online, coming("a")],
  [start, coming("a"), hide, restore, accept("a")],
  [start, coming("a"), coming("b"), accept("a"), accept("b"), dismiss],
  [start, coming("b"), removed, microphone],
  [start, dial, answered, dialEnded, dial, dial],
  [start, coming("b"), reply, refused, reply, replied],
  // Hold, accept another, switch back (the server holds "b"), a found held call, resume refused during a dial.
  [start, coming("a"), coming("b"), accept("a"), hold, accept("b"), resume, heldB, resumedA, foundH],
  [start, coming("a"), accept("a"), hold, dial, resume, dialEnded, resume, finished],
  [start, foundH, coming("a"), accept("a"), resume, hold, resumedA, heldB, coming("b"), heldB, accept("b"), resume],
  [start, coming("a"), hold, resume, accept("a"), hold, hold, resume, resume, resumedA, CENTER_STOP],
  // Transfer the active call (it is held, another may be accepted), it comes back and rings, is sent again and taken.
  [start, coming("a"), transferA, accept("a"), askTargets, targets, transferA, coming("b"), returnedA, accept("b"), transferA, takenA],
  [start, coming("a"), accept("a"), hold, transferA, returnedA, resume, resumedA, askTargets, finished],
  // Warm transfer: asked of a ringing call (refused), of the active call; not taken; asked again, the talk ends from the
  // colleague, is cancelled, then handed over; meanwhile a colleague's consult rings here, is accepted and handed over.
  [
    start,
    coming("a"),
    consultA,
    accept("a"),
    consultA,
    returnedA,
    consultA,
    consultStarted,
    consultLeft,
    consultA,
    consultStarted,
    cancelA,
  ],
  [start, coming("a"), accept("a"), consultA, consultStarted, consultComing, accept("b"), handedB, completeA, takenA],
  [start, consultComing, completeA, cancelA, consultStarted, consultLeft, accept("b"), handedB, hold],
]
const paths = [
  ...shortest,
  ...stories.map((story) => getPathsFromEvents(walked, story as CallCenterEvent[], { ...options, events: story as CallCenterEvent[] })[0]),
]

/** Call actors are stand-ins that record what the centre tells them: a real one would answer with its own events. */
const harness = () => {
  const script = makeScript()
  const tone = { running: 0 }
  const commands: { callId: string; type: string }[] = []
  const idle = fromCallback(() => () => undefined)
  const noMedia = fromCallback<MediaCommand, { callId: string }, MediaEvent>(() => () => undefined)
  const actor = createActor(
    callCenterMachine.provide({
      actors: {
        callSocket: fromCallback(() => () => undefined),
        ringTone: fromCallback(() => {
          tone.running++
          return () => void tone.running--
        }),
        restoreCalls: script.logic as never,
        sendQuickReply: script.logic as never,
        persistCalls: fromPromise(async () => undefined) as never,
        incomingCall: fromCallback<IncomingCallEvent, IncomingCallInput>(({ input, receive }) =>
          receive((command) => void commands.push({ callId: input.callId, type: command.type })),
        ) as never,
        outgoingCall: outgoingCallMachine.provide({ actors: { ticker: idle, callMedia: noMedia } }),
      },
    }),
  )
  actor.start()
  return { actor, script, tone, commands }
}

describe("call centre (model)", () => {
  it("reaches every state of the chart, a repeated call-is-coming included", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)))
    for (const value of [
      "off",
      { on: { tone: "silent", quickReply: "idle" } },
      { on: { tone: "ringing", quickReply: "idle" } },
      { on: { tone: "silent", quickReply: "sending" } },
      { on: { tone: "ringing", quickReply: "sending" } },
    ])
      expect(reached).toContain(JSON.stringify(value))
    const repeated = paths.filter((path) =>
      path.steps.some(
        (step, i) => step.event.type === "rt.call-is-coming" && JSON.stringify(path.steps[i - 1]?.event) === JSON.stringify(step.event),
      ),
    )
    expect(repeated.length).toBeGreaterThan(0)
  })

  it("covers every event on some path", () => {
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))))
    for (const event of [...events, ...holdEvents]) expect(used, JSON.stringify(event)).toContain(JSON.stringify(event))
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real centre",
    async (_name, path) => {
      const h = harness()
      // The walk keeps one snapshot per identity; the step-by-step model state comes from the machine itself.
      let model = walked.getInitialSnapshot(isolatedScope())
      for (const step of path.steps) {
        const event = step.event as ModelEvent
        if (event.type === "xstate.init") continue
        model = walked.transition(model, event as CallCenterEvent, isolatedScope())
        expect(identity(model)).toEqual(identity(step.state as Snap))
        const before = detail(h.actor.getSnapshot())
        const outcome = completion(event)
        if (outcome) h.script.complete(outcome)
        else h.actor.send(event as CallCenterEvent)
        await settle()
        const snapshot = h.actor.getSnapshot()
        expect(snapshot.status).toBe("active")
        expect(detail(snapshot)).toEqual(detail(model))
        // One actor per card, reachable by its system id, and no other call actor.
        for (const call of snapshot.context.calls) expect(systemActor(h.actor.system, `call-${call.callId}`)).toBe(call.ref)
        const callChildren = Object.keys(snapshot.children).filter((id) => id.startsWith("call-"))
        expect(callChildren.sort()).toEqual(snapshot.context.calls.map((call) => `call-${call.callId}`).sort())
        // Commands reach only calls that were on screen; a call is told ACCEPT exactly when it becomes the active one.
        const sent = h.commands.splice(0)
        for (const command of sent) expect(before.calls).toContain(command.callId)
        const accepted =
          event.type === "call.accept" && snapshot.context.activeCallId !== null && snapshot.context.activeCallId !== before.activeCallId
        expect(sent.filter((command) => command.type === "ACCEPT").map((command) => command.callId)).toEqual(
          accepted ? [snapshot.context.activeCallId] : [],
        )
        // A resumed call is the active one and is told RESUME; a held one is not the active call.
        if (event.type === "call.resume" && snapshot.context.activeCallId === "a" && before.activeCallId !== "a")
          expect(sent.filter((command) => command.type === "RESUME").map((command) => command.callId)).toEqual(["a"])
        for (const id of snapshot.context.held) expect(snapshot.context.activeCallId).not.toBe(id)
        // A transfer is passed on only for an answered call, and holds it; a returned call is a held one.
        if (event.type === "call.transfer")
          expect(sent.filter((command) => command.type === "TRANSFER").length).toBe(
            before.held.includes("a") || before.activeCallId === "a" ? 1 : 0,
          )
        for (const id of snapshot.context.returned) expect(snapshot.context.held).toContain(id)
        // A warm transfer is asked only of an answered call, and holds it; the talk's steps reach only a held call, the
        // hand-over of a colleague's call reaches it wherever it is.
        const told = (type: string) => sent.filter((command) => command.type === type).length
        if (event.type === "call.consult") {
          expect(told("CONSULT")).toBe(before.held.includes("a") || before.activeCallId === "a" ? 1 : 0)
          if (told("CONSULT")) expect(snapshot.context.held).toContain("a")
        }
        if (event.type === "call.completeConsult") expect(told("COMPLETE")).toBe(before.held.includes("a") ? 1 : 0)
        if (event.type === "call.cancelConsult") expect(told("CANCEL")).toBe(before.held.includes("a") ? 1 : 0)
        if (event.type === "rt.consult-started") expect(told("CONSULT_STARTED")).toBe(before.held.includes("a") ? 1 : 0)
        const centreEvent = event as CallCenterEvent
        if (centreEvent.type === "rt.consult-ended") {
          const { handedOver, callId } = centreEvent
          const reaches = handedOver ? before.calls.includes(callId) : before.held.includes(callId)
          expect(told(handedOver ? "HANDED_OVER" : "CONSULT_ENDED")).toBe(reaches ? 1 : 0)
        }
        if (centreEvent.type === "rt.call-is-coming" && centreEvent.consultBy && !before.calls.includes(centreEvent.callId))
          expect(snapshot.context.calls.find((call) => call.callId === centreEvent.callId)?.consultBy).toBe(centreEvent.consultBy)
        expect(h.tone.running).toBe(snapshot.matches({ on: { tone: "ringing" } }) ? 1 : 0)
        h.script.forget((id) => id in snapshot.children)
      }
      h.actor.stop()
    },
  )
})
