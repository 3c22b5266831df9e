/** Billing calls: the balance (from the ledger), the ledger itself, and the super admin's top-ups and credit allowance. */
import { sql } from "drizzle-orm"
import type { BillingAccount, LedgerEntry, LedgerReason } from "../../../src/contract/schemas/billing"
import { rowsOf } from "../../db/rows"
import { businessOf, tenantOf, type Ctx } from "../../http/context"
import { notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { pageOf, windowPage } from "../../core/paging"
import { BALANCE, CURRENCY, balanceOf, credit } from "./ledger"

/** The stored figures of a reason (jsonb: an object on PostgreSQL, text through some drivers). */
const whyOf = (value: unknown): LedgerReason => (typeof value === "string" ? JSON.parse(value) : value) as LedgerReason

const entryOf = (r: Record<string, unknown>): LedgerEntry => ({
  id: Number(r.id),
  amount: Number(r.amount),
  balance_after: Number(r.balance_after),
  reason: String(r.reason),
  why: whyOf(r.why),
  ref: r.ref === null || r.ref === undefined ? null : String(r.ref),
  by: r.username === null || r.username === undefined ? null : String(r.username),
  created_at: iso(r.created_at),
})

const ACCOUNT = sql`c.id, c.name, c.credit_limit, ${BALANCE} AS balance`

const accountOf = (r: Record<string, unknown>): BillingAccount => ({
  client_id: Number(r.id),
  client_name: String(r.name),
  balance: Number(r.balance),
  credit_limit: Number(r.credit_limit),
  currency: CURRENCY,
})

const loadAccount = async (ctx: Ctx, clientId: number): Promise<BillingAccount> => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${ACCOUNT} FROM clients c WHERE c.id = ${clientId} AND NOT c.platform`))
  if (!row) throw notFound("Business")
  return accountOf(row)
}

export const handlers = [
  handle("auth", "getClientBalance", async (ctx) => ({ data: { balance: await balanceOf(ctx.db, tenantOf(ctx)), currency: CURRENCY } })),

  handle("billing", "getBillingLedger", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    const account = await loadAccount(ctx, clientId)
    const paging = pageOf(input)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT l.id, l.amount, l.balance_after, l.reason, l.why, l.ref, l.created_at, u.username, count(*) OVER () AS total_rows
        FROM billing_ledger l LEFT JOIN users u ON u.id = l.user_id WHERE l.client_id = ${clientId} ORDER BY l.id DESC`,
      paging,
    )
    return { data: { account, items: rows.map(entryOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("billing", "billingAccounts", async (ctx) => {
    const rows = rowsOf(await ctx.db.execute(sql`SELECT ${ACCOUNT} FROM clients c WHERE NOT c.platform ORDER BY c.name, c.id`))
    return { data: rows.map(accountOf) }
  }),

  handle("billing", "billingTopUp", async (ctx, input) => {
    await loadAccount(ctx, input.client_id)
    const entry = await credit(
      ctx.db,
      input.client_id,
      input.amount,
      { kind: "topUp", note: input.reason?.trim() || null },
      input.ref?.trim() || null,
      ctx.principal.userId,
    )
    const [row] = rowsOf(
      await ctx.db.execute(
        sql`SELECT l.*, u.username FROM billing_ledger l LEFT JOIN users u ON u.id = l.user_id WHERE l.id = ${entry.id}`,
      ),
    )
    return { data: entryOf(row) }
  }),

  handle("billing", "billingCreditLimit", async (ctx, input) => {
    await loadAccount(ctx, input.client_id)
    await ctx.db.execute(sql`UPDATE clients SET credit_limit = ${input.credit_limit.toFixed(2)} WHERE id = ${input.client_id}`)
    return { data: await loadAccount(ctx, input.client_id) }
  }),
]
