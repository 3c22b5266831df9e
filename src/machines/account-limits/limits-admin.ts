/**
 * The super admin's account-limits form (page actor `limits-admin`, /apps/account-limits for a super admin): choose a
 * business, see its limits with usage, and set any of them (agents, channels, messages per day and month, campaign
 * size, storage). Every figure is checked before a call: a whole number from 0 to 1,000,000,000, written plainly or
 * grouped ("100,000", "100.000", "100 000"). An existing limit is changed with PUT /account/limits (by its id), a new
 * one set with POST /account/limits; each is its own call and transaction, in the screen's order, and the first
 * refusal stops the rest and is shown on its field. The business and its limits are read by the business picker
 * (common/business-picker.ts).
 *
 *   businesses --done--> loading --done--> ready --SAVE (valid, changed)--> saving --done--> loading (saved)
 *        \--error--> failed --RETRY--> businesses        \--BUSINESS.SET--> loading        \--error--> ready (failure)
 */
import { Effect } from "effect"
import { assign } from "xstate"
import type { AccountLimit, LimitKey } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf } from "../common/settled"
import { type BusinessPickerContext, businessPicker } from "../common/business-picker"
import { LIMIT_ORDER } from "./usage"

export const MAX_LIMIT = 1_000_000_000

/** A limit as typed: a whole number, plain or grouped in threes; null when it is not one or out of range. */
export const parseLimit = (text: string): number | null => {
  const t = text.trim()
  if (!/^\d+$/.test(t) && !/^\d{1,3}([,.'\s\u00a0\u202f]\d{3})+$/.test(t)) return null
  const n = Number(t.replace(/\D/g, ""))
  return Number.isSafeInteger(n) && n <= MAX_LIMIT ? n : null
}

export interface LimitChange {
  readonly key: LimitKey
  readonly limit: number
  /** The existing limit's id (changed with PUT), or null (set with POST). */
  readonly id: number | null
}

export interface LimitsAdminContext extends BusinessPickerContext {
  readonly limits: readonly AccountLimit[]
  /** What is typed, by key; a key not here shows its current limit. */
  readonly drafts: Partial<Record<LimitKey, string>>
  readonly invalid: readonly LimitKey[]
  /** The key the last refused save named (or tried). */
  readonly failedKey: LimitKey | null
  readonly saved: boolean
}

export type LimitsAdminEvent =
  | { type: "BUSINESS.SET"; clientId: number }
  | { type: "DRAFT"; key: LimitKey; value: string }
  | { type: "SAVE" }
  | { type: "RETRY" }

/** The limits the drafts change (valid ones only), in the screen's order. */
export const changesOf = (context: Pick<LimitsAdminContext, "drafts" | "limits">): LimitChange[] =>
  LIMIT_ORDER.flatMap((key) => {
    const text = context.drafts[key]
    if (text === undefined) return []
    const limit = parseLimit(text)
    const current = context.limits.find((l) => l.key === key)
    if (limit === null || current?.limit === limit) return []
    return [{ key, limit, id: current?.id ?? null }]
  })

export const invalidOf = (drafts: Partial<Record<LimitKey, string>>): LimitKey[] =>
  LIMIT_ORDER.filter((key) => drafts[key] !== undefined && parseLimit(drafts[key] ?? "") === null)

const loadLimits = fromEffect((clientId: number) =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("security", "getAccountLimits", { client_id: clientId })).data
  }),
)

class LimitRefused extends Error {
  constructor(
    readonly key: LimitKey,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

const saveLimits = fromEffect((input: { clientId: number; changes: readonly LimitChange[] }) =>
  Effect.gen(function* () {
    const api = yield* Api
    for (const change of input.changes) {
      const call =
        change.id === null
          ? api.call("security", "postAccountLimits", { client_id: input.clientId, key: change.key, limit: change.limit })
          : api.call("security", "putAccountLimits", { id: change.id, limit: change.limit })
      yield* call.pipe(Effect.mapError((error) => new LimitRefused(change.key, error)))
    }
  }),
)

const picker = businessPicker({
  types: { context: {} as LimitsAdminContext, events: {} as LimitsAdminEvent },
  loadId: "limits",
  load: loadLimits,
  actors: { save: saveLimits },
  stored: (_, limits) => ({ limits, drafts: {}, invalid: [], failedKey: null }),
  chosen: () => ({ drafts: {}, invalid: [], failedKey: null, saved: false }),
  failed: (error) => ({
    failure: failureOf(error instanceof LimitRefused ? error.cause : error),
    failedKey: error instanceof LimitRefused ? error.key : null,
  }),
})

export const limitsAdminMachine = picker.kit
  .extend({
    guards: {
      savable: ({ context }) => context.clientId !== null && invalidOf(context.drafts).length === 0 && changesOf(context).length > 0,
    },
    actions: {
      draft: assign(({ context }, { key, value }: { key: LimitKey; value: string }) => {
        const drafts = { ...context.drafts, [key]: value }
        return { drafts, invalid: context.invalid.filter((k) => k !== key), saved: false, failure: null, failedKey: null }
      }),
      refuse: assign(({ context }) => ({ invalid: invalidOf(context.drafts) })),
      markSaved: assign({ saved: true }),
    },
  })
  .createMachine({
    id: "limits-admin",
    context: { businesses: [], clientId: null, limits: [], drafts: {}, invalid: [], failure: null, failedKey: null, saved: false },
    initial: "businesses",
    states: {
      ...picker.states,
      ready: {
        on: {
          ...picker.on,
          DRAFT: { actions: { type: "draft", params: ({ event }) => event } },
          SAVE: [{ guard: "savable", target: "saving" }, { actions: "refuse" }],
        },
      },
      saving: {
        tags: "saving",
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => ({ clientId: context.clientId ?? 0, changes: changesOf(context) }),
          onDone: { target: "loading", actions: "markSaved" },
          onError: { target: "ready", actions: { type: "picker.fail", params: errorOf } },
        },
      },
    },
  })
