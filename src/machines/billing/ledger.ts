/**
 * The tenant's billing account and its latest ledger entries (page actor `billing-ledger`, /apps/billing).
 *
 *   loading --done--> ready --REFRESH--> loading ; --error--> failed --REFRESH--> loading
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { BillingAccount, LedgerEntry } from "../../contract/schemas/billing"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export const LEDGER_ROWS = 50

interface Ledger {
  readonly account: BillingAccount
  readonly items: readonly LedgerEntry[]
  readonly totalItems: number
}

export const billingLedgerMachine = setup({
  types: {
    context: {} as { readonly ledger: Ledger | null; readonly failure: Failure | null },
    events: {} as { type: "REFRESH" },
    tags: {} as "busy",
  },
  actors: {
    load: fromEffect<{ data: Ledger }>(() =>
      Effect.gen(function* () {
        return yield* (yield* Api).call("billing", "getBillingLedger", { page: 1, limit: LEDGER_ROWS })
      }),
    ),
  },
}).createMachine({
  id: "billing-ledger",
  context: { ledger: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: assign({ ledger: ({ event }) => event.output.data, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: { on: { REFRESH: "loading" } },
    failed: { on: { REFRESH: "loading" } },
  },
})
