/**
 * The demo's charges in the billing ledger, dated when they were incurred. Running billing/ledger.ts's `post` once per
 * charge would cost the seed three statements each; this writes exactly the rows it writes (amount, the running
 * balance after it, reason and its figures, ref; clients.balance = the last balance) in one statement, in time order after the entries
 * already there.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { type LedgerReason, reasonText } from "../../features/billing"

export interface Charge {
  /** Negative: a debit. */
  readonly amount: number
  readonly why: LedgerReason
  readonly ref: string
  readonly at: Date
}

const cents = (value: unknown) => Math.round(Number(value) * 100)

export const postCharges = async (db: Db, clientId: number, charges: readonly Charge[]) => {
  if (charges.length === 0) return
  const [account] = rowsOf(await db.execute(sql`SELECT balance FROM clients WHERE id = ${clientId} FOR NO KEY UPDATE`))
  let balance = cents(account.balance)
  const rows = [...charges]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((c) => {
      balance += Math.round(c.amount * 100)
      return {
        amount: (Math.round(c.amount * 100) / 100).toFixed(2),
        balance_after: (balance / 100).toFixed(2),
        reason: reasonText(c.why),
        why: c.why,
        ref: c.ref,
        at: c.at.toISOString(),
      }
    })
  await db.execute(sql`INSERT INTO billing_ledger (client_id, amount, balance_after, reason, why, ref, created_at)
    SELECT ${clientId}, x.amount::numeric, x.balance_after::numeric, x.reason, x.why, x.ref, x.at::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(amount text, balance_after text, reason text, why jsonb, ref text, at text)`)
  await db.execute(sql`UPDATE clients SET balance = ${(balance / 100).toFixed(2)} WHERE id = ${clientId}`)
}

/** Dates a tenant's opening top-up before everything the demo charged: money came in before it was spent. */
export const dateTopUps = (db: Db, clientId: number, at: Date) =>
  db.execute(sql`UPDATE billing_ledger SET created_at = ${at.toISOString()}::timestamptz WHERE client_id = ${clientId} AND ref = 'seed'`)
