/**
 * One complaint opened from Complain Tickets (page-scoped actor): loads it by ticket number with the agents it can
 * be assigned to, edits its status / assignee / resolution note (complaints.updateComplaint) and its metadata
 * (complaints.updateComplaintMetadata). A save refreshes the list (`report-complaints`) so the row shows it.
 * Made from the detail loader (common/detail-machine.ts) with the editing on top.
 *
 *   closed --OPEN--> loading --> ready --SAVE--> saving --> ready      (RETRY from failed; CLOSE from anywhere)
 *                                     --META.SAVE--> savingMeta --> ready
 */
import { Effect } from "effect"
import { assign } from "xstate"
import type { AgentLoad } from "../../contract/schemas/chat"
import type { Complaint, TicketStatus } from "../../contract/schemas/tickets"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { agentsFor } from "../report-kit/paged"
import { reloadReport } from "../common/reload-report"

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
  readonly failure: Failure | null
  readonly problem: ComplaintProblem | null
  /** Counts successful saves: the view shows a notice when it grows. */
  readonly saved: number
}

export type ComplaintEvent =
  | { type: "OPEN"; ticketNumber: string }
  | { type: "EDIT"; patch: Partial<ComplaintDraft> }
  | { type: "SAVE" }
  | { type: "META.EDIT"; patch: Partial<MetaDraft> }
  | { type: "META.SAVE" }

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

interface Loaded {
  readonly complaint: Complaint
  readonly agents: readonly AgentLoad[]
  readonly agentsError: Failure | null
}

const loadComplaint = (ticketNumber: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const [body, agents] = yield* Effect.all([api.call("complaints", "getComplaintMetadata", { ticket_number: ticketNumber }), agentsFor], {
      concurrency: 2,
    })
    return { complaint: body.data, ...agents } satisfies Loaded
  })

type SaveRequest = { kind: "status"; request: Record<string, unknown> } | { kind: "meta"; request: Record<string, unknown> }

const save = ({ kind, request }: SaveRequest) =>
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
  failure: null,
  problem: null,
  saved: 0,
})

/** The request a guard already let through (`canSave` / `canSaveMeta`). */
const requestOf = (result: { problem: ComplaintProblem } | { request: Record<string, unknown> }) =>
  "request" in result ? result.request : {}

const detail = detailMachine({
  types: { context: {} as ComplaintContext, events: {} as ComplaintEvent, tags: {} as "saving" },
  load: fromEffect(loadComplaint),
  actors: { save: fromEffect(save) },
  loadInput: (context) => context.ticketNumber,
  stored: (context, loaded: Loaded) => ({ ...context, ...loaded, draft: draftOf(loaded.complaint), meta: metaOf(loaded.complaint) }),
  closed: empty,
  opened: (_, event) => ({ ...empty(), ticketNumber: event.ticketNumber }),
})

export const complaintMachine = detail.kit
  .extend({
    guards: {
      canSave: ({ context }) => context.complaint !== null && "request" in updateOf(context.complaint, context.draft),
      canSaveMeta: ({ context }) => context.complaint !== null && "request" in metaUpdateOf(context.complaint, context.meta),
    },
    actions: {
      storeSaved: assign(({ context }, complaint: Complaint) => ({
        complaint,
        draft: draftOf(complaint),
        meta: metaOf(complaint),
        failure: null,
        problem: null,
        saved: context.saved + 1,
      })),
      edit: assign(({ context }, patch: Partial<ComplaintDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      editMeta: assign(({ context }, patch: Partial<MetaDraft>) => ({ meta: { ...context.meta, ...patch }, problem: null })),
      refuse: assign(({ context }) => {
        const result = context.complaint ? updateOf(context.complaint, context.draft) : { problem: "noChange" as const }
        return { problem: "problem" in result ? result.problem : null }
      }),
      refuseMeta: assign(({ context }) => {
        const result = context.complaint ? metaUpdateOf(context.complaint, context.meta) : { problem: "noChange" as const }
        return { problem: "problem" in result ? result.problem : null }
      }),
      // The list reloads when it runs (its screen opened it in this login); otherwise its first open loads it anyway.
      reloadList: reloadReport("report-complaints"),
    },
  })
  .createMachine({
    id: "complaint",
    context: empty,
    initial: "closed",
    on: { ...detail.on, OPEN: detail.open },
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
          "META.EDIT": { actions: { type: "editMeta", params: ({ event }) => event.patch } },
          SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
          "META.SAVE": [{ guard: "canSaveMeta", target: "savingMeta" }, { actions: "refuseMeta" }],
        },
      },
      saving: {
        tags: ["ready", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => ({ kind: "status" as const, request: requestOf(updateOf(context.complaint!, context.draft)) }),
          onDone: { target: "ready", actions: [{ type: "storeSaved", params: outputOf }, "reloadList"] },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
      savingMeta: {
        tags: ["ready", "saving"],
        invoke: {
          id: "saveMeta",
          src: "save",
          input: ({ context }) => ({ kind: "meta" as const, request: requestOf(metaUpdateOf(context.complaint!, context.meta)) }),
          onDone: { target: "ready", actions: [{ type: "storeSaved", params: outputOf }, "reloadList"] },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
