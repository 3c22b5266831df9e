/**
 * The billing ledger: the one place money moves. Every credit or debit is one row of `billing_ledger` with the
 * balance right after it, written in the caller's transaction together with `clients.balance` (the tenant row is
 * locked FOR UPDATE first, so concurrent entries queue and each running balance follows the one before). A debit that
 * would take the balance below minus the tenant's credit allowance (0 unless the super admin grants one) is refused
 * with 402 INSUFFICIENT_BALANCE and writes nothing. Amounts are whole cents in arithmetic, two decimals in the database.
 *
 * Later features post their costs with `debit(ctx.db, clientId, amount, why, ref)` (templates, SMS); `why` is the
 * reason as figures (ledger-reason.ts), stored with its English wording.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError, notFound } from "../../http/errors"
import { isUatNumber, uatNumberOf, uatNumbersAmong } from "../uat"
import { type LedgerReason, reasonText } from "./ledger-reason"

const cents = (value: unknown): number => Math.round(Number(value) * 100)
const money = (centsValue: number): string => (centsValue / 100).toFixed(2)

export interface Entry {
  readonly id: number
  readonly amount: number
  readonly balanceAfter: number
}

/** The tenant's row, locked: entries (and checks against the balance) queue behind each other. */
const lockAccount = async (db: Db, clientId: number) => {
  // NO KEY: every insert naming the tenant takes a KEY SHARE lock on this row (its foreign key); FOR UPDATE would make
  // them all wait for the debit, and deadlock with one that holds a row the debiting transaction needs next.
  const [account] = rowsOf(await db.execute(sql`SELECT balance, credit_limit FROM clients WHERE id = ${clientId} FOR NO KEY UPDATE`))
  if (!account) throw notFound("Business")
  return { balance: cents(account.balance), creditLimit: cents(account.credit_limit) }
}

const short = (balanceCents: number, amountCents: number, reason: string) =>
  new ApiError(402, "INSUFFICIENT_BALANCE", `The balance (${money(balanceCents)}) does not cover ${money(amountCents)} for ${reason}`)

/**
 * One entry in ONE statement: the tenant's row locked (as `lockAccount`), the entry written only when the balance covers
 * it (or the cost was incurred), the running balance moved; nothing is written when it is refused.
 */
const post = async (
  db: Db,
  clientId: number,
  amountCents: number,
  why: LedgerReason,
  ref: string | null,
  userId: number | null,
  incurred = false,
): Promise<Entry> => {
  const reason = reasonText(why)
  if (!Number.isSafeInteger(amountCents) || amountCents === 0)
    throw new ApiError(400, "BAD_REQUEST", "The amount must be at least 0.01", "amount")
  const amount = money(amountCents)
  // A cost already incurred (the carrier has the SMS) is recorded whatever the balance: refusing it would lose it.
  const always = amountCents > 0 || incurred
  const [row] = rowsOf(
    await db.execute(sql`WITH account AS (SELECT balance, credit_limit FROM clients WHERE id = ${clientId} FOR NO KEY UPDATE),
      entry AS (INSERT INTO billing_ledger (client_id, amount, balance_after, reason, why, ref, user_id)
        SELECT ${clientId}::int, ${amount}::numeric, a.balance + ${amount}::numeric, ${reason}::text, ${JSON.stringify(why)}::jsonb, ${ref}::text,
          ${userId}::int
        FROM account a WHERE ${always}::boolean OR a.balance + ${amount}::numeric >= -a.credit_limit RETURNING id, balance_after),
      moved AS (UPDATE clients SET balance = e.balance_after FROM entry e WHERE clients.id = ${clientId})
    SELECT a.balance, e.id, e.balance_after FROM account a LEFT JOIN entry e ON TRUE`),
  )
  if (!row) throw notFound("Business")
  if (row.id === null || row.id === undefined) throw short(cents(row.balance), -amountCents, reason)
  return { id: Number(row.id), amount: amountCents / 100, balanceAfter: cents(row.balance_after) / 100 }
}

/** Takes `amount` (> 0, in the tenant's currency) from the tenant's balance, in the caller's transaction. */
export const debit = (
  db: Db,
  clientId: number,
  amount: number,
  why: LedgerReason,
  ref: string | null = null,
  userId: number | null = null,
) => post(db, clientId, -Math.round(amount * 100), why, ref, userId)

/** Adds `amount` (> 0) to the tenant's balance (a top-up), in the caller's transaction. */
export const credit = (
  db: Db,
  clientId: number,
  amount: number,
  why: LedgerReason,
  ref: string | null = null,
  userId: number | null = null,
) => post(db, clientId, Math.round(amount * 100), why, ref, userId)

/** A cost for a customer (a template or SMS to `number`): nothing is charged for the tenant's UAT numbers (null). */
export const debitUnlessUat = async (
  db: Db,
  clientId: number,
  number: string,
  amount: number,
  why: LedgerReason,
  ref: string | null = null,
) => ((await isUatNumber(db, clientId, number)) ? null : debit(db, clientId, amount, why, ref))

/**
 * Refuses (402 INSUFFICIENT_BALANCE) when `amount` more would take the balance below the allowance; writes nothing.
 * For costs debited later, when they are incurred (SMS parts, on the carrier's answer): checked when asked for, in
 * that transaction, with the tenant's row locked so concurrent asks queue.
 */
export const ensureCovers = async (db: Db, clientId: number, amount: number, reason: string): Promise<void> => {
  const account = await lockAccount(db, clientId)
  const amountCents = Math.round(amount * 100)
  if (amountCents > 0 && account.balance - amountCents < -account.creditLimit) throw short(account.balance, amountCents, reason)
}

export interface Charge {
  readonly number: string
  readonly amount: number
}

/** Many customers' costs as ONE debit: `debitUnlessUat`'s rule (nothing for UAT numbers) in one query; null when nothing is charged. */
const debitAllUnlessUatAs = async (
  db: Db,
  clientId: number,
  charges: readonly Charge[],
  why: LedgerReason,
  ref: string | null,
  incurred: boolean,
): Promise<{ entry: Entry | null; charged: number[] }> => {
  const uat = await uatNumbersAmong(
    db,
    clientId,
    charges.map((c) => c.number),
  )
  const charged = charges.map((c) => (uat.has(uatNumberOf(c.number)) ? 0 : c.amount))
  const total = Math.round(charged.reduce((sum, amount) => sum + amount, 0) * 100)
  return { entry: total > 0 ? await post(db, clientId, -total, why, ref, null, incurred) : null, charged }
}

/**
 * Costs for many customers' numbers sent together (a campaign's batch): one entry for their total, nothing for the
 * tenant's UAT numbers, refused whole (402, nothing written) when the balance does not cover it. Answers the entry (null
 * when nothing is charged) and what each charge cost (0 for a UAT number).
 */
export const debitAllUnlessUat = (db: Db, clientId: number, charges: readonly Charge[], why: LedgerReason, ref: string | null = null) =>
  debitAllUnlessUatAs(db, clientId, charges, why, ref, false)

/**
 * Costs already incurred for customers' numbers (SMS parts the carrier accepted), posted as one debit in the caller's
 * transaction: the same rule as `debitAllUnlessUat`, recorded even below the allowance (the send was checked with
 * `ensureCovers`). Null when nothing is charged.
 */
export const debitIncurredUnlessUat = async (
  db: Db,
  clientId: number,
  charges: readonly Charge[],
  why: LedgerReason,
  ref: string | null = null,
): Promise<Entry | null> => (await debitAllUnlessUatAs(db, clientId, charges, why, ref, true)).entry

/**
 * The tenant's balance: the running balance `post` keeps on the tenant row with every entry (so the sum of its ledger
 * lines), 0 before any. Every screen showing a balance reads this column (BALANCE), not a copy of its own.
 */
export const BALANCE = sql`c.balance`
export const balanceOf = async (db: Db, clientId: number): Promise<number> => {
  const [row] = rowsOf(await db.execute(sql`SELECT ${BALANCE} AS balance FROM clients c WHERE c.id = ${clientId}`))
  return row ? cents(row.balance) / 100 : 0
}

export const CURRENCY = "USD"
