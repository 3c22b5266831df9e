/**
 * The workspace's own machines, model-based: the read-only transcript, the complaint editor and the simulator page.
 * xstate/graph walks each chart with the events the views and the invoked effects send; every shortest path is then
 * replayed on a real actor whose invocations (effects) are scripted and settled by the test, and after every step the
 * actor must hold the state and context the model's pure transition gives.
 */
import { describe, expect, it, vi } from "vitest"
import { createActor, initialTransition, transition, type AnyStateMachine } from "xstate"
import { getShortestPaths } from "xstate/graph"
import type { Message } from "../../contract/schemas/chat"
import type { Complaint } from "../../contract/schemas/tickets"
import { complaintMachine } from "../complaints/complaint-machine"
import { POLL_MS, simulatorMachine } from "../simulator/simulator-machine"
import { transcriptMachine } from "./transcript-machine"
import { completion, makeScript } from "../common/scripted-actors.testing"

type Ev = { type: string; [key: string]: unknown }

const message = (id: number, dt: string): Message => ({
  id,
  external_id: null,
  conversation_id: 1,
  number: "+905551112233",
  channel_type: "whatsapp",
  direction: "inbound",
  type: "text",
  body: `m${id}`,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt,
})

interface Model {
  readonly name: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  /** Invoked actor sources to script. */
  readonly sources: readonly string[]
  readonly events: readonly Ev[]
  /** The state identity of the walk (coarse, so the number of paths stays small). */
  readonly key: (s: Snap) => unknown
  /** What must agree between the real actor and the model after each step. */
  readonly view: (s: Snap) => unknown
  readonly states: readonly string[]
  readonly after?: { readonly type: string; readonly ms: number }
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Snap = any

const leaves = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`))

const check = (model: Model) => {
  const paths = getShortestPaths(model.machine, {
    events: model.events as never,
    serializeState: (s: unknown) => JSON.stringify(model.key(s as Snap)),
    ...(model.input === undefined ? {} : { input: model.input }),
  } as never)

  const startReal = () => {
    const script = makeScript()
    const actors = Object.fromEntries(model.sources.map((id) => [id, script.logic]))
    const actor = createActor(
      model.machine.provide({ actors } as never),
      model.input === undefined ? {} : ({ input: model.input } as never),
    )
    actor.start()
    const send = async (event: Ev) => {
      const outcome = completion(event)
      if (outcome) {
        if (!script.complete(outcome)) actor.send(event as never)
      } else if (model.after && event.type === model.after.type) {
        await vi.advanceTimersByTimeAsync(model.after.ms)
      } else actor.send(event as never)
      await vi.advanceTimersByTimeAsync(0)
      await vi.advanceTimersByTimeAsync(0)
      const running = Object.keys(actor.getSnapshot().children)
      script.forget((id) => running.includes(id))
    }
    return { actor, send, script }
  }

  describe(`${model.name} (model-based)`, () => {
    it("reaches every state", () => {
      const reached = new Set(paths.flatMap((p) => leaves(p.state.value)))
      for (const state of model.states) expect(reached.has(state), state).toBe(true)
    })

    it.each(paths.map((p) => [p.steps.map((s) => s.event.type.replace("xstate.", "")).join(" > ") || "(initial)", p] as const))(
      "replays %s",
      async (_name, path) => {
        vi.useFakeTimers()
        try {
          const real = startReal()
          let expected = initialTransition(model.machine, model.input as never)[0] as Snap
          for (const step of path.steps) {
            if (step.event.type === "xstate.init") continue
            await real.send(step.event as Ev)
            expected = transition(model.machine, expected, step.event as never)[0] as Snap
            expect(expected.value).toEqual(step.state.value)
            expect(model.view(real.actor.getSnapshot()), step.event.type).toEqual(model.view(expected))
          }
          real.actor.stop()
        } finally {
          vi.useRealTimers()
        }
      },
    )
  })
}

// ---- transcript --------------------------------------------------------------------------------------

check({
  name: "transcript",
  machine: transcriptMachine,
  sources: ["load"],
  states: ["closed", "loading", "ready", "loadingOlder", "failed"],
  events: [
    { type: "OPEN", source: { kind: "conversation", conversationId: 7 }, title: "Ayşe" },
    { type: "OPEN", source: { kind: "ticketHistory", ticketNumber: "TK-1-1" }, title: "TK-1-1" },
    { type: "CLOSE" },
    { type: "OLDER" },
    { type: "RETRY" },
    {
      type: "xstate.done.actor.load",
      output: { messages: [message(3, "2026-01-02T10:00:00Z"), message(2, "2026-01-02T09:00:00Z")], hasOlder: true },
    },
    { type: "xstate.done.actor.load", output: { messages: [message(5, "2026-01-03T10:00:00Z")], hasOlder: false } },
    { type: "xstate.error.actor.load", error: new Error("chat.agentGetChat is not implemented yet") },
    {
      type: "xstate.done.actor.loadOlder",
      output: { messages: [message(1, "2026-01-01T10:00:00Z"), message(2, "2026-01-02T09:00:00Z")], hasOlder: false },
    },
    { type: "xstate.error.actor.loadOlder", error: new Error("offline") },
  ],
  key: (s) => [s.value, s.context.hasOlder, s.context.error !== null, s.context.messages.length > 0],
  view: (s) => ({
    value: s.value,
    ids: s.context.messages.map((m: Message) => m.id),
    page: s.context.page,
    hasOlder: s.context.hasOlder,
    error: s.context.error,
    title: s.context.title,
  }),
})

// ---- complaint ---------------------------------------------------------------------------------------

const complaint: Complaint = {
  id: 4,
  name: "Ayşe",
  channel_type: "whatsapp",
  ticket_number: "CMP-1-5001",
  status: "Pending",
  number: "+905551112233",
  dt: "2026-01-01T10:00:00Z",
  last_closed: null,
  customer_message: "Late delivery",
  category: "delivery",
  agent_id: null,
  agent_name: null,
  resolution_note: null,
}
const resolved: Complaint = {
  ...complaint,
  status: "Resolved",
  resolution_note: "Refund issued",
  last_closed: "2026-01-02T10:00:00Z",
}

check({
  name: "complaint",
  machine: complaintMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "saving", "savingMeta", "failed"],
  events: [
    { type: "OPEN", ticketNumber: "CMP-1-5001" },
    { type: "CLOSE" },
    { type: "RETRY" },
    { type: "EDIT", patch: { status: "Resolved" } },
    { type: "EDIT", patch: { note: "Refund issued" } },
    { type: "SAVE" },
    { type: "META.EDIT", patch: { category: "billing" } },
    { type: "META.EDIT", patch: { message: "" } },
    { type: "META.SAVE" },
    { type: "xstate.done.actor.load", output: { complaint, agents: [], agentsError: null } },
    { type: "xstate.error.actor.load", error: new Error("404") },
    { type: "xstate.done.actor.save", output: resolved },
    { type: "xstate.error.actor.save", error: new Error("409") },
    { type: "xstate.done.actor.saveMeta", output: { ...complaint, category: "billing" } },
  ],
  key: (s) => [
    s.value,
    s.context.complaint?.status ?? null,
    s.context.draft.status,
    s.context.draft.note !== "",
    s.context.meta.category,
    s.context.meta.message !== "",
    s.context.problem,
    s.context.error !== null,
  ],
  view: (s) => ({
    value: s.value,
    complaint: s.context.complaint,
    draft: s.context.draft,
    meta: s.context.meta,
    problem: s.context.problem,
    error: s.context.error,
    saved: s.context.saved,
  }),
})

describe("complaint editor rules", () => {
  it("refuses to resolve without a note and sends only what changed", async () => {
    const { updateOf, metaUpdateOf } = await import("../complaints/complaint-machine")
    expect(updateOf(complaint, { status: "Resolved", agent: "", note: " " })).toEqual({ problem: "noteRequired" })
    expect(updateOf(complaint, { status: "Pending", agent: "", note: "" })).toEqual({ problem: "noChange" })
    expect(updateOf(complaint, { status: "Ongoing", agent: "3", note: "" })).toEqual({
      request: { ticket_number: "CMP-1-5001", status: "Ongoing", agent_id: 3 },
    })
    expect(updateOf(complaint, { status: "Pending", agent: "", note: "x".repeat(801) })).toEqual({
      problem: "noteTooLong",
    })
    expect(metaUpdateOf(complaint, { name: "Ayşe", category: "delivery", message: "Late delivery" })).toEqual({
      problem: "noChange",
    })
    expect(metaUpdateOf(complaint, { name: "Ayşe", category: "billing", message: "Late delivery" })).toEqual({
      request: { ticket_number: "CMP-1-5001", name: "Ayşe", category: "billing", customer_message: "Late delivery" },
    })
  })
})

// ---- simulator ---------------------------------------------------------------------------------------

const AFTER_POLL = "xstate.after.poll.simulator.on.poll.waiting"

check({
  name: "simulator",
  machine: simulatorMachine,
  input: { clientId: 1 },
  sources: ["probe", "placeCall", "hangup", "send", "typing", "read", "poll"],
  after: { type: AFTER_POLL, ms: POLL_MS },
  states: [
    "checking",
    "off",
    "on.calls.idle",
    "on.calls.placing",
    "on.calls.hangingUp",
    "on.messages.idle",
    "on.messages.sending",
    "on.messages.typing",
    "on.messages.reading",
    "on.poll.waiting",
    "on.poll.polling",
  ],
  events: [
    { type: "xstate.done.actor.probe", output: true },
    { type: "xstate.done.actor.probe", output: false },
    { type: "RETRY" },
    { type: "CALL.PLACE" },
    { type: "CALL.EDIT", patch: { number: "+905550009901", name: "Selin" } },
    { type: "xstate.done.actor.placeCall", output: { callId: "wacid.1" } },
    { type: "xstate.error.actor.placeCall", error: new Error("400 number is required") },
    { type: "CALL.HANGUP", callId: "wacid.1" },
    { type: "xstate.done.actor.hangup", output: undefined },
    { type: "CUSTOMER.EDIT", patch: { number: "+905550009902" } },
    { type: "DRAFT.EDIT", patch: { text: "Hello" } },
    { type: "MESSAGE.SEND" },
    { type: "xstate.done.actor.send", output: { conversationId: 3, messageId: 9 } },
    { type: "TYPING", state: "typing" },
    { type: "xstate.done.actor.typing", output: undefined },
    { type: "READ", externalId: "wamid.1" },
    { type: "xstate.done.actor.read", output: undefined },
    { type: AFTER_POLL },
    {
      type: "xstate.done.actor.poll",
      output: {
        statuses: [{ callId: "wacid.1", status: null }],
        received: [{ id: 1, external_id: "wamid.1", type: "text", body: "Hi", status: "delivered", dt: "2026-01-01T10:00:00Z" }],
      },
    },
    { type: "xstate.error.actor.poll", error: new Error("offline") },
    { type: "ERROR.DISMISS" },
  ],
  key: (s) => [
    s.value,
    s.context.calls[0]?.status ?? null,
    s.context.callForm.number !== "",
    s.context.customer.number !== "",
    s.context.draft.text !== "",
    s.context.sent.length > 0,
    s.context.received.length > 0,
    s.context.problem,
    s.context.error !== null,
  ],
  view: (s) => ({
    value: s.value,
    calls: s.context.calls,
    sent: s.context.sent,
    received: s.context.received,
    problem: s.context.problem,
    error: s.context.error,
    draft: s.context.draft,
    pending: s.context.pending,
  }),
})
