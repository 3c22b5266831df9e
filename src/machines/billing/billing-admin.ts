/**
 * The super admin's billing screen (page actor `billing-admin`, /apps/billing for a super admin): choose a business,
 * see its balance, credit allowance and latest ledger entries, top its balance up (POST /billing/topup: a ledger
 * credit with a reason and an optional reference) and set how far below zero it may go (POST /billing/credit-limit).
 * Amounts are checked before any call: up to two decimals, with a point or a comma ("250", "250.50", "250,50"), a
 * top-up from 0.01 to 1,000,000,000, a credit allowance from 0.
 *
 *   businesses --> loading --> ready --TOPUP.SAVE (valid)--> toppingUp --done--> loading (done: topUp)
 *                                   \--CREDIT.SAVE (valid)--> crediting --done--> loading (done: credit)
 *                                   \--BUSINESS.SET--> loading ; a refused write --> ready with its failure, form kept
 *
 * The business and its ledger are read by the business picker (common/business-picker.ts).
 */
import { Effect } from "effect"
import { assign } from "xstate"
import type { BillingAccount, LedgerEntry } from "../../contract/schemas/billing"
import { Api } from "../../services/api/api"
import { type BusinessPickerContext, businessPicker } from "../common/business-picker"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { LEDGER_ROWS } from "./ledger"

export const MAX_AMOUNT = 1_000_000_000

/** Money as typed: digits with up to two decimals after a point or a comma; null when it is not that. */
export const parseAmount = (text: string): number | null => {
  const t = text.trim()
  if (!/^\d{1,10}([.,]\d{1,2})?$/.test(t)) return null
  const n = Number(t.replace(",", "."))
  return n <= MAX_AMOUNT ? n : null
}

export interface TopUpDraft {
  readonly amount: string
  readonly reason: string
  readonly ref: string
}

export type BillingProblem = "amount" | "reason" | "ref" | "credit"

export interface BillingAdminContext extends BusinessPickerContext {
  readonly account: BillingAccount | null
  readonly items: readonly LedgerEntry[]
  readonly topUp: TopUpDraft
  readonly credit: string
  readonly problem: BillingProblem | null
  /** What the last write did (shown until the next edit). */
  readonly done: { readonly kind: "topUp" | "credit"; readonly amount: number } | null
}

export type BillingAdminEvent =
  | { type: "BUSINESS.SET"; clientId: number }
  | { type: "TOPUP.EDIT"; patch: Partial<TopUpDraft> }
  | { type: "TOPUP.SAVE" }
  | { type: "CREDIT.EDIT"; value: string }
  | { type: "CREDIT.SAVE" }
  | { type: "RETRY" }

/** The first thing wrong with a top-up, or null. */
export const topUpProblem = (draft: TopUpDraft): BillingProblem | null => {
  const amount = parseAmount(draft.amount)
  if (amount === null || amount < 0.01) return "amount"
  if (draft.reason.trim().length > 200) return "reason"
  if (draft.ref.trim().length > 120) return "ref"
  return null
}

const BLANK_TOP_UP: TopUpDraft = { amount: "", reason: "", ref: "" }

const loadLedger = fromEffect((clientId: number) =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("billing", "getBillingLedger", { client_id: clientId, page: 1, limit: LEDGER_ROWS })).data
  }),
)

const saveTopUp = fromEffect((input: { clientId: number; draft: TopUpDraft }) =>
  Effect.gen(function* () {
    const amount = parseAmount(input.draft.amount) ?? 0
    const reason = input.draft.reason.trim()
    const ref = input.draft.ref.trim()
    yield* (yield* Api).call("billing", "billingTopUp", {
      client_id: input.clientId,
      amount,
      ...(reason ? { reason } : {}),
      ...(ref ? { ref } : {}),
    })
    return amount
  }),
)

const saveCredit = fromEffect((input: { clientId: number; credit: number }) =>
  Effect.gen(function* () {
    yield* (yield* Api).call("billing", "billingCreditLimit", { client_id: input.clientId, credit_limit: input.credit })
    return input.credit
  }),
)

const picker = businessPicker({
  types: { context: {} as BillingAdminContext, events: {} as BillingAdminEvent },
  loadId: "ledger",
  load: loadLedger,
  actors: { topUp: saveTopUp, credit: saveCredit },
  stored: (context, ledger) => ({
    account: ledger.account,
    items: ledger.items,
    credit: context.credit === "" ? String(ledger.account.credit_limit) : context.credit,
  }),
  chosen: () => ({ topUp: BLANK_TOP_UP, credit: "", problem: null, done: null }),
})

export const billingAdminMachine = picker.kit
  .extend({
    guards: {
      topUpOk: ({ context }) => context.clientId !== null && topUpProblem(context.topUp) === null,
      creditOk: ({ context }) => context.clientId !== null && parseAmount(context.credit) !== null,
    },
    actions: {
      editTopUp: assign(({ context }, patch: Partial<TopUpDraft>) => ({
        topUp: { ...context.topUp, ...patch },
        problem: null,
        failure: null,
        done: null,
      })),
      editCredit: assign((_, value: string) => ({ credit: value, problem: null, failure: null, done: null })),
      refuseTopUp: assign(({ context }) => ({ problem: topUpProblem(context.topUp) })),
      refuseCredit: assign({ problem: "credit" as const }),
      toppedUp: assign((_, amount: number) => ({ topUp: BLANK_TOP_UP, done: { kind: "topUp" as const, amount } })),
      credited: assign((_, amount: number) => ({ credit: "", done: { kind: "credit" as const, amount } })),
    },
  })
  .createMachine({
    id: "billing-admin",
    context: {
      businesses: [],
      clientId: null,
      account: null,
      items: [],
      topUp: BLANK_TOP_UP,
      credit: "",
      problem: null,
      failure: null,
      done: null,
    },
    initial: "businesses",
    // The forms take what is typed in any state: a ledger still loading (a business just picked again) keeps it.
    on: {
      "TOPUP.EDIT": { actions: { type: "editTopUp", params: ({ event }) => event.patch } },
      "CREDIT.EDIT": { actions: { type: "editCredit", params: ({ event }) => event.value } },
    },
    states: {
      ...picker.states,
      ready: {
        on: {
          ...picker.on,
          "TOPUP.SAVE": [{ guard: "topUpOk", target: "toppingUp" }, { actions: "refuseTopUp" }],
          "CREDIT.SAVE": [{ guard: "creditOk", target: "crediting" }, { actions: "refuseCredit" }],
        },
      },
      toppingUp: {
        tags: "saving",
        invoke: {
          id: "topUp",
          src: "topUp",
          input: ({ context }) => ({ clientId: context.clientId ?? 0, draft: context.topUp }),
          onDone: { target: "loading", actions: { type: "toppedUp", params: outputOf } },
          onError: { target: "ready", actions: { type: "picker.fail", params: errorOf } },
        },
      },
      crediting: {
        tags: "saving",
        invoke: {
          id: "credit",
          src: "credit",
          input: ({ context }) => ({ clientId: context.clientId ?? 0, credit: parseAmount(context.credit) ?? 0 }),
          onDone: { target: "loading", actions: { type: "credited", params: outputOf } },
          onError: { target: "ready", actions: { type: "picker.fail", params: errorOf } },
        },
      },
    },
  })
