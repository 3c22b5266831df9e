/** The super admin's billing screen, model-based (common/model-check.testing.ts), and its amount rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { billingAdminMachine, parseAmount, topUpProblem } from "./billing-admin"

const account = { client_id: 1, client_name: "Acme Retail", balance: 100, credit_limit: 0, currency: "USD" }
const ledger = { account, items: [], totalItems: 0, page: 1, limit: 50 }
const businesses = [{ id: 1, name: "Acme Retail" }]

checkModel({
  name: "billing (super admin)",
  machine: billingAdminMachine,
  sources: ["businesses", "ledger", "topUp", "credit"],
  states: ["businesses", "loading", "ready", "toppingUp", "crediting", "failed"],
  events: [
    { type: "xstate.done.actor.businesses", output: businesses },
    { type: "xstate.error.actor.businesses", error: new Error("403") },
    { type: "xstate.done.actor.ledger", output: ledger },
    { type: "xstate.error.actor.ledger", error: new Error("offline") },
    { type: "BUSINESS.SET", clientId: 1 },
    { type: "TOPUP.EDIT", patch: { amount: "250.50", reason: "Invoice 7" } },
    { type: "TOPUP.EDIT", patch: { amount: "lots" } },
    { type: "TOPUP.SAVE" },
    { type: "CREDIT.EDIT", value: "75" },
    { type: "CREDIT.EDIT", value: "-5" },
    { type: "CREDIT.SAVE" },
    { type: "xstate.done.actor.topUp", output: 250.5 },
    { type: "xstate.error.actor.topUp", error: Object.assign(new Error("Not found"), { status: 404 }) },
    { type: "xstate.done.actor.credit", output: 75 },
    { type: "xstate.error.actor.credit", error: new Error("offline") },
    { type: "RETRY" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.businesses", output: businesses },
      { type: "xstate.done.actor.ledger", output: ledger },
      { type: "TOPUP.EDIT", patch: { amount: "250.50", reason: "Invoice 7" } },
      { type: "BUSINESS.SET", clientId: 1 },
      { type: "xstate.done.actor.ledger", output: ledger },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.topUp.amount,
    s.context.credit,
    s.context.problem,
    s.context.done?.kind ?? null,
    s.context.failure !== null,
  ],
  view: (s) => ({
    value: s.value,
    account: s.context.account,
    topUp: s.context.topUp,
    credit: s.context.credit,
    problem: s.context.problem,
    done: s.context.done,
    failed: s.context.failure !== null,
  }),
})

describe("billing amounts", () => {
  it("reads money with a point or a comma and at most two decimals", () => {
    expect(parseAmount("250")).toBe(250)
    expect(parseAmount("250.5")).toBe(250.5)
    expect(parseAmount("250,50")).toBe(250.5)
    expect(parseAmount("1,000.50")).toBeNull()
    expect(parseAmount("2.505")).toBeNull()
    expect(parseAmount("-3")).toBeNull()
    expect(parseAmount("2000000000")).toBeNull()
  })

  it("refuses a top-up of nothing or with an overlong reason", () => {
    expect(topUpProblem({ amount: "0", reason: "", ref: "" })).toBe("amount")
    expect(topUpProblem({ amount: "1", reason: "x".repeat(201), ref: "" })).toBe("reason")
    expect(topUpProblem({ amount: "0.01", reason: "", ref: "" })).toBeNull()
  })
})
