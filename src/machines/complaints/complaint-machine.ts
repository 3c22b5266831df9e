/**
 * One complaint opened from Complain Tickets (page-scoped actor): loads it by ticket number with the agents it can
 * be assigned to, edits its status / assignee / resolution note (complaints.updateComplaint) and its metadata
 * (complaints.updateComplaintMetadata). A save refreshes the list (`report-complaints`) so the row shows it.
 *
 *   closed --OPEN--> loading --> ready --SAVE--> saving --> ready      (RETRY from failed; CLOSE from anywhere)
 *                                     --META.SAVE--> savingMeta --> ready
 */
import { Effect } from "effect"
import { assign, sendTo, setup } from "xstate"
import type { AgentLoad } from "../../contract/schemas/chat"
import type { Complaint, TicketStatus } from "../../contract/schemas/tickets"
import { Api } from "../../services/api/api"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { agentsFor, messageOf } from "../report-kit/paged"

export const NOTE_MAX = 800

export interface ComplaintDraft {
  readonly status: TicketStatus
  /** Agent id as text; empty: nobody. */
  readonly agent: string
  readonly note: string
}

export interface MetaDraft {
  readonly name: string
  readonly category: string
  readonly message: string
}

export type ComplaintProblem = "noChange" | "noteRequired" | "noteTooLong" | "messageRequired"

export interface ComplaintContext {
  readonly ticketNumber: string
  readonly complaint: Complaint | null
  readonly agents: readonly AgentLoad[]
  readonly agentsError: Failure | null
  readonly draft: ComplaintDraft
  readonly meta: MetaDraft
  readonly error: string | null
  readonly problem: ComplaintProblem | null
  /** Counts successful saves: the view shows a notice when it grows. */
  readonly saved: number
}

export type ComplaintEvent =
  | { type: "OPEN"; ticketNumber: string }
  | { type: "CLOSE" }
  | { type: "EDIT"; patch: Partial<ComplaintDraft> }
  | { type: "SAVE" }
  | { type: "META.EDIT"; patch: Partial<MetaDraft> }
  | { type: "META.SAVE" }
  | { type: "RETRY" }

const draftOf = (c: Complaint | null): ComplaintDraft => ({
  status: (c?.status as TicketStatus | undefined) ?? "Pending",
  agent: c?.agent_id ? String(c.agent_id) : "",
  note: c?.resolution_note ?? "",
})
const metaOf = (c: Complaint | null): MetaDraft => ({
  name: c?.name ?? "",
  category: c?.category ?? "",
  message: c?.customer_message ?? "",
})

/** The fields of the update call that differ from the stored complaint; a problem when the draft cannot be sent. */
export const updateOf = (c: Complaint, d: ComplaintDraft): { problem: ComplaintProblem } | { request: Record<string, unknown> } => {
  const note = d.note.trim()
  if (note.length > NOTE_MAX) return { problem: "noteTooLong" }
  if (d.status === "Resolved" && c.status !== "Resolved" && !note) return { problem: "noteRequired" }
  const agent = Number(d.agent)
  const request = {
    ...(d.status !== c.status ? { status: d.status } : {}),
    ...(d.agent && agent !== c.agent_id ? { agent_id: agent } : {}),
    ...(note && note !== (c.resolution_note ?? "") ? { resolution_note: note } : {}),
  }
  return Object.keys(request).length ? { request: { ticket_number: c.ticket_number, ...request } } : { problem: "noChange" }
}

export const metaUpdateOf = (c: Complaint, m: MetaDraft): { problem: ComplaintProblem } | { request: Record<string, unknown> } => {
  const message = m.message.trim()
  if (!message) return { problem: "messageRequired" }
  if (message.length > NOTE_MAX) return { problem: "noteTooLong" }
  const request = {
    ticket_number: c.ticket_number,
    ...(m.name.trim() ? { name: m.name.trim() } : {}),
    ...(m.category.trim() ? { category: m.category.trim() } : {}),
    customer_message: message,
  }
  const same = (request.name ?? c.name) === c.name && (request.category ?? c.category) === c.category && message === c.customer_message
  return same ? { problem: "noChange" } : { request }
}

const loadComplaint = (ticketNumber: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const [body, agents] = yield* Effect.all([api.call("complaints", "getComplaintMetadata", { ticket_number: ticketNumber }), agentsFor], {
      concurrency: 2,
    })
    return { complaint: body.data, ...agents }
  })

const save = ({ kind, request }: { kind: "status" | "meta"; request: Record<string, unknown> }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const body =
      kind === "status"
        ? yield* api.call("complaints", "updateComplaint", request as never)
        : yield* api.call("complaints", "updateComplaintMetadata", request as never)
    return body.data
  })

const empty = (): ComplaintContext => ({
  ticketNumber: "",
  complaint: null,
  agents: [],
  agentsError: null,
  draft: draftOf(null),
  meta: metaOf(null),
  error: null,
  problem: null,
  saved: 0,
})

type Out<T> = { output: T }

export const complaintMachine = setup({
  types: { context: {} as ComplaintContext, events: {} as ComplaintEvent },
  actors: {
    load: fromEffect(loadComplaint),
    save: fromEffect(save),
  },
  guards: {
    canSave: ({ context }) => context.complaint !== null && "request" in updateOf(context.complaint, context.draft),
    canSaveMeta: ({ context }) => context.complaint !== null && "request" in metaUpdateOf(context.complaint, context.meta),
  },
  actions: {
    open: assign(({ event }) => (event.type === "OPEN" ? { ...empty(), ticketNumber: event.ticketNumber } : {})),
    close: assign(() => empty()),
    store: assign(({ event }) => {
      const { output } = event as unknown as Out<{
        complaint: Complaint
        agents: readonly AgentLoad[]
        agentsError: Failure | null
      }>
      return { ...output, draft: draftOf(output.complaint), meta: metaOf(output.complaint), error: null }
    }),
    storeSaved: assign(({ context, event }) => {
      const complaint = (event as unknown as Out<Complaint>).output
      return {
        complaint,
        draft: draftOf(complaint),
        meta: metaOf(complaint),
        error: null,
        problem: null,
        saved: context.saved + 1,
      }
    }),
    edit: assign({
      draft: ({ context, event }) => (event.type === "EDIT" ? { ...context.draft, ...event.patch } : context.draft),
      problem: null,
    }),
    editMeta: assign({
      meta: ({ context, event }) => (event.type === "META.EDIT" ? { ...context.meta, ...event.patch } : context.meta),
      problem: null,
    }),
    refuse: assign({
      problem: ({ context }) => {
        const result = context.complaint ? updateOf(context.complaint, context.draft) : { problem: "noChange" as const }
        return "problem" in result ? result.problem : null
      },
    }),
    refuseMeta: assign({
      problem: ({ context }) => {
        const result = context.complaint ? metaUpdateOf(context.complaint, context.meta) : { problem: "noChange" as const }
        return "problem" in result ? result.problem : null
      },
    }),
    storeError: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
    reloadList: sendTo(({ system }) => system.get("report-complaints"), { type: "REPORT.RELOAD" }),
  },
}).createMachine({
  id: "complaint",
  context: empty,
  initial: "closed",
  on: {
    OPEN: { target: ".loading", actions: "open", reenter: true },
    CLOSE: { target: ".closed", actions: "close" },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.ticketNumber,
        onDone: { target: "ready", actions: "store" },
        onError: { target: "failed", actions: "storeError" },
      },
    },
    failed: { on: { RETRY: { target: "loading" } } },
    ready: {
      on: {
        EDIT: { actions: "edit" },
        "META.EDIT": { actions: "editMeta" },
        SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
        "META.SAVE": [{ guard: "canSaveMeta", target: "savingMeta" }, { actions: "refuseMeta" }],
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({
          kind: "status" as const,
          request: (updateOf(context.complaint!, context.draft) as { request: Record<string, unknown> }).request,
        }),
        onDone: { target: "ready", actions: ["storeSaved", "reloadList"] },
        onError: { target: "ready", actions: "storeError" },
      },
    },
    savingMeta: {
      invoke: {
        id: "saveMeta",
        src: "save",
        input: ({ context }) => ({
          kind: "meta" as const,
          request: (metaUpdateOf(context.complaint!, context.meta) as { request: Record<string, unknown> }).request,
        }),
        onDone: { target: "ready", actions: ["storeSaved", "reloadList"] },
        onError: { target: "ready", actions: "storeError" },
      },
    },
  },
})
