import { Schema } from "effect"
import { Count, Id, Instant, Name, Text } from "./common"

/** Money in the tenant's currency, two decimals. */
export const Money = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: -1e11, maximum: 1e11 }))

/**
 * Why money moved, as figures the console words in the reader's language: templates sent (their names, how many), a
 * refund of templates the channel refused, SMS messages and their parts, a super admin's top-up, an adjustment with
 * its note. A note is shown as typed.
 */
export const LedgerReason = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("template"), templates: Schema.String, count: Count }),
  Schema.Struct({ kind: Schema.Literal("templateRefund"), templates: Schema.String, count: Count }),
  Schema.Struct({ kind: Schema.Literal("sms"), messages: Count, parts: Count }),
  Schema.Struct({ kind: Schema.Literal("topUp"), note: Schema.NullOr(Schema.String) }),
  Schema.Struct({ kind: Schema.Literal("adjustment"), note: Schema.String }),
])
export type LedgerReason = typeof LedgerReason.Type

/** One ledger entry: a credit (amount > 0) or a debit (amount < 0), with the balance right after it. */
export const LedgerEntry = Schema.Struct({
  id: Id,
  amount: Money,
  balance_after: Money,
  /** The reason in English words, as files and error messages carry it. */
  reason: Schema.String,
  why: LedgerReason,
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
