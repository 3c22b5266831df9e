/**
 * One business as the super admin sees it (page actor `business-detail`): its details, figures, agents and
 * registration documents, and what may be done to it, each asked and confirmed first. Made from the detail loader
 * (common/detail-machine.ts).
 *
 *   closed --OPEN(id)--> loading --> ready --ASK(action)--> confirming --CONFIRM--> acting --done--> loading (done + 1)
 *                                              ^  (REASON: a rejection's reason)  \--error--> confirming (failure kept)
 *                                              \--CANCEL-- confirming             a deletion's done --> closed
 *
 * The actions: switch the business off or on, delete it (kept BUSINESS_RETENTION_DAYS, then purged), and the review's
 * moves (start the review, approve, reject with a reason). After any of them the kept lists reload.
 */
import { Effect } from "effect"
import { type ActorSystem, assign } from "xstate"
import type { UserRef } from "../../contract/schemas/common"
import type { ClientInfo, ClientStats, RegistrationDocumentRow } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf } from "../common/settled"
import { systemActor } from "../system-ids"

/** Mirrors the server's retention (server/features/businesses/retention.ts), for the confirmation's wording. */
export const BUSINESS_RETENTION_DAYS = 30

export type BusinessAction = "disable" | "enable" | "delete" | "in_review" | "approved" | "rejected"

export interface BusinessDetail {
  readonly info: ClientInfo
  readonly stats: ClientStats
  readonly agents: readonly UserRef[]
  readonly documents: readonly RegistrationDocumentRow[]
}

export interface BusinessContext {
  readonly clientId: number | null
  readonly detail: BusinessDetail | null
  readonly action: BusinessAction | null
  readonly reason: string
  readonly problem: "reasonRequired" | null
  readonly failure: Failure | null
  /** Counts finished actions: the view says so when it grows. */
  readonly done: number
}

export type BusinessEvent =
  | { type: "OPEN"; clientId: number }
  | { type: "ASK"; action: BusinessAction }
  | { type: "REASON"; text: string }
  | { type: "CONFIRM" }
  | { type: "CANCEL" }

/** Which actions a business allows now: what the server would refuse is never offered. */
export const actionsOf = (info: Pick<ClientInfo, "active" | "onboarding_status">): readonly BusinessAction[] => {
  if (info.onboarding_status === "submitted") return ["in_review", "delete"]
  if (info.onboarding_status === "in_review") return ["approved", "rejected", "delete"]
  if (info.onboarding_status === "rejected") return ["delete"]
  return [info.active ? "disable" : "enable", "delete"]
}

export const reasonProblem = (action: BusinessAction | null, reason: string) =>
  action === "rejected" && reason.trim().length < 3 ? ("reasonRequired" as const) : null

const load = (clientId: number | null) =>
  Effect.gen(function* () {
    const api = yield* Api
    const id = clientId ?? 0
    const [info, stats, agents, documents] = yield* Effect.all(
      [
        api.call("businesses", "clientInfoByClientId", { client_id: id }),
        api.call("businesses", "clientStatsByClientId", { client_id: id }),
        api.call("businesses", "clientAgentsByClientId", { client_id: id }),
        api.call("businessReview", "registrationDocuments", { client_id: id }),
      ],
      { concurrency: "unbounded" },
    )
    return { info: info.data, stats: stats.data, agents: agents.data, documents: documents.data } as BusinessDetail
  })

const act = ({ clientId, action, reason }: { clientId: number; action: BusinessAction; reason: string }) =>
  Effect.gen(function* () {
    const api = yield* Api
    if (action === "delete") yield* api.call("businesses", "clientDelete", { client_id: clientId })
    else if (action === "disable" || action === "enable")
      yield* api.call("businesses", "clientToggle", { client_id: clientId, active: action === "enable" })
    else
      yield* api.call("businessReview", "reviewRegistration", {
        client_id: clientId,
        to: action,
        ...(action === "rejected" ? { reason: reason.trim() } : {}),
      })
  })

const empty = (): BusinessContext => ({ clientId: null, detail: null, action: null, reason: "", problem: null, failure: null, done: 0 })

const detail = detailMachine({
  types: { context: {} as BusinessContext, events: {} as BusinessEvent, tags: {} as "confirming" | "acting" },
  load: fromEffect(load),
  actors: { act: fromEffect(act) },
  loadInput: (context) => context.clientId,
  stored: (context, output: BusinessDetail) => ({ ...context, detail: output }),
  closed: (context) => ({ ...empty(), done: context.done }),
  opened: (context, event) => ({ ...empty(), done: context.done, clientId: event.clientId }),
})

/** The kept lists reload after a change (a list never opened has no actor yet: nothing to reload). */
const reloadLists = ({ system }: { system: ActorSystem<any> }) => {
  for (const id of ["report-businesses", "report-registrations"] as const) systemActor(system, id)?.send({ type: "REPORT.RELOAD" })
}

export const businessDetailMachine = detail.kit
  .extend({
    guards: {
      offered: ({ context }: { context: BusinessContext }, action: BusinessAction) =>
        context.detail !== null && actionsOf(context.detail.info).includes(action),
      canConfirm: ({ context }: { context: BusinessContext }) => reasonProblem(context.action, context.reason) === null,
      deleted: ({ context }: { context: BusinessContext }) => context.action === "delete",
    },
    actions: {
      ask: assign((_, action: BusinessAction) => ({ action, reason: "", problem: null, failure: null })),
      reason: assign((_, text: string) => ({ reason: text, problem: null })),
      refuse: assign(({ context }) => ({ problem: reasonProblem(context.action, context.reason) })),
      cancel: assign({ action: null, reason: "", problem: null, failure: null }),
      finished: assign(({ context }) => ({ action: null, reason: "", failure: null, done: context.done + 1 })),
      reloadLists,
    },
  })
  .createMachine({
    id: "business-detail",
    context: empty,
    initial: "closed",
    on: { ...detail.on, OPEN: detail.open },
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          ASK: {
            guard: { type: "offered", params: ({ event }) => event.action },
            target: "confirming",
            actions: { type: "ask", params: ({ event }) => event.action },
          },
        },
      },
      confirming: {
        tags: ["ready", "confirming"],
        on: {
          REASON: { actions: { type: "reason", params: ({ event }) => event.text } },
          CONFIRM: [{ guard: "canConfirm", target: "acting" }, { actions: "refuse" }],
          CANCEL: { target: "ready", actions: "cancel" },
        },
      },
      acting: {
        tags: ["ready", "confirming", "acting"],
        invoke: {
          id: "act",
          src: "act",
          input: ({ context }) => ({ clientId: context.clientId ?? 0, action: context.action ?? "disable", reason: context.reason }),
          onDone: [
            { guard: "deleted", target: "closed", actions: ["finished", "detail.close", "reloadLists"] },
            { target: "loading", actions: ["finished", "reloadLists"] },
          ],
          onError: { target: "confirming", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
