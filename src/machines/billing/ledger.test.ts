/** The billing-ledger page actor, model-based (common/model-check.testing.ts). */
import { checkModel } from "../common/model-check.testing"
import { billingLedgerMachine } from "./ledger"

const ledger = {
  account: { client_id: 1, client_name: "Acme", balance: 12.5, credit_limit: 0, currency: "USD" },
  items: [{ id: 1, amount: 12.5, balance_after: 12.5, reason: "Top-up", ref: null, by: "superadmin", created_at: "2026-01-01T00:00:00Z" }],
  totalItems: 1,
}

checkModel({
  name: "billing ledger",
  machine: billingLedgerMachine,
  sources: ["load"],
  states: ["loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: { data: ledger } },
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "REFRESH" },
  ],
  key: (s) => [s.value, s.context.ledger !== null, s.context.failure !== null],
  view: (s) => ({ value: s.value, ledger: s.context.ledger, failed: s.context.failure !== null }),
})
