/**
 * The tenant's account limits with what it uses of each (page actor `account-usage`, /apps/account-limits), and the
 * rows the screen draws: every limit kind in one order, capped or not, with the share used.
 *
 *   loading --done--> ready --REFRESH--> loading ; --error--> failed --REFRESH--> loading
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { AccountLimit, LimitKey } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export const LIMIT_ORDER: readonly LimitKey[] = ["agents", "channels", "daily_messages", "monthly_messages", "campaign_size", "storage_mb"]

export interface UsageRow {
  readonly key: LimitKey
  /** null: no limit. */
  readonly limit: number | null
  readonly used: number
  /** 0..1 of the limit used (1 when the limit is 0 or reached); null without a limit. */
  readonly share: number | null
  readonly reached: boolean
}

export const usageRows = (limits: readonly AccountLimit[]): UsageRow[] =>
  LIMIT_ORDER.map((key) => {
    const found = limits.find((l) => l.key === key)
    if (!found) return { key, limit: null, used: 0, share: null, reached: false }
    const share = found.limit === 0 ? 1 : Math.min(1, found.used / found.limit)
    return { key, limit: found.limit, used: found.used, share, reached: found.used >= found.limit }
  })

export const accountUsageMachine = setup({
  types: {
    context: {} as { readonly limits: readonly AccountLimit[]; readonly failure: Failure | null },
    events: {} as { type: "REFRESH" },
    tags: {} as "busy",
  },
  actors: {
    load: fromEffect<{ data: readonly AccountLimit[] }>(() =>
      Effect.gen(function* () {
        return yield* (yield* Api).call("security", "getAccountLimits", {})
      }),
    ),
  },
}).createMachine({
  id: "account-usage",
  context: { limits: [], failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: assign({ limits: ({ event }) => event.output.data, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: { on: { REFRESH: "loading" } },
    failed: { on: { REFRESH: "loading" } },
  },
})
