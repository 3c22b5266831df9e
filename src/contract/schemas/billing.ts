import { Schema } from "effect"
import { Id, Instant, Name, Text } from "./common"

/** Money in the tenant's currency, two decimals. */
export const Money = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: -1e11, maximum: 1e11 }))

/** One ledger entry: a credit (amount > 0) or a debit (amount < 0), with the balance right after it. */
export const LedgerEntry = Schema.Struct({
  id: Id,
  amount: Money,
  balance_after: Money,
  reason: Schema.String,
  ref: Schema.NullOr(Schema.String),
  by: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type LedgerEntry = typeof LedgerEntry.Type

/** A tenant's account: balance, how far below zero it may go, currency. */
export const BillingAccount = Schema.Struct({
  client_id: Id,
  client_name: Schema.String,
  balance: Money,
  credit_limit: Money,
  currency: Schema.String,
})
export type BillingAccount = typeof BillingAccount.Type

const Positive = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0.01, maximum: 1e9 }))

export const TopUpInput = Schema.Struct({
  client_id: Id,
  amount: Positive,
  reason: Schema.optional(Name(200)),
  ref: Schema.optional(Text(120)),
})
export const CreditLimitInput = Schema.Struct({
  client_id: Id,
  credit_limit: Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: 1e9 })),
})
