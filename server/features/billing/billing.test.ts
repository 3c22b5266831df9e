/** Billing on both databases: top-ups by the super admin, debits refused below the allowance, and running balances against a naive sum. */
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { debit } from "./ledger"
import { adjustment } from "./ledger-reason"

const b = (name: "getBillingLedger" | "billingAccounts" | "billingTopUp" | "billingCreditLimit") => callOf("billing", name)
const balanceCall = callOf("auth", "getClientBalance")

describe.each(DB_KINDS)("billing on %s", (kind) => {
  const ctx = useServer(kind)
  const database = () => ctx.server.services.database
  const superAdmin = async () => as((await login(ctx.url, "superadmin")).user_token)

  it("tops up a tenant (super admin only), lists the entry with who made it, and the balance call reads the same ledger", async () => {
    const root = await superAdmin()
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const before = (await send(ctx.url, balanceCall, {}, h2)).body.data.balance
    const entry = (await send(ctx.url, b("billingTopUp"), { client_id: 2, amount: 125.5, reason: "Invoice 2026-11", ref: "INV-77" }, root))
      .body.data
    expect(entry).toMatchObject({
      amount: 125.5,
      balance_after: before + 125.5,
      reason: "Invoice 2026-11",
      ref: "INV-77",
      by: "superadmin",
    })
    expect((await send(ctx.url, balanceCall, {}, h2)).body.data).toEqual({ balance: before + 125.5, currency: "USD" })
    const ledger = (await send(ctx.url, b("getBillingLedger"), {}, h2)).body.data
    expect(ledger.account).toMatchObject({ client_id: 2, client_name: "Globex Foods", balance: before + 125.5, credit_limit: 0 })
    expect(ledger.items[0]).toMatchObject({ id: entry.id, amount: 125.5 })
    // A tenant neither tops itself up nor reads another's ledger; tenant one sees none of tenant two's entries.
    expect((await send(ctx.url, b("billingTopUp"), { client_id: 2, amount: 1000 }, h2)).status).toBe(403)
    expect((await send(ctx.url, b("getBillingLedger"), { client_id: 1 }, h2)).status).toBe(403)
    const h1 = as((await login(ctx.url, "admin")).user_token)
    expect((await send(ctx.url, b("getBillingLedger"), {}, h1)).body.data.items.some((e: { id: number }) => e.id === entry.id)).toBe(false)
    const agent = as((await login(ctx.url, "agent1")).user_token)
    expect((await send(ctx.url, b("getBillingLedger"), {}, agent)).status).toBe(403)
    expect((await send(ctx.url, b("billingTopUp"), { client_id: 2, amount: 0 }, root)).body.error.field).toBe("amount")
    expect((await send(ctx.url, b("billingTopUp"), { client_id: 99999, amount: 5 }, root)).status).toBe(404)
    const accounts = (await send(ctx.url, b("billingAccounts"), {}, root)).body.data
    expect(accounts.map((a: { client_id: number }) => a.client_id).sort()).toEqual([1, 2])
  })

  it("refuses a debit the balance does not cover (402, nothing written) unless the super admin allows credit", async () => {
    const root = await superAdmin()
    const h1 = as((await login(ctx.url, "admin")).user_token)
    const start = (await send(ctx.url, balanceCall, {}, h1)).body.data.balance
    const entries = async () =>
      Number(rowsOf(await database().db.execute(sql`SELECT count(*)::int AS n FROM billing_ledger WHERE client_id = 1`))[0].n)
    const count = await entries()
    const refused = await database()
      .transaction((tx) => debit(tx, 1, start + 10, adjustment("SMS to 1,000 customers"), "campaign:1"))
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).status).toBe(402)
    expect((refused as ApiError).code).toBe("INSUFFICIENT_BALANCE")
    expect(await entries()).toBe(count)
    const allowed = (await send(ctx.url, b("billingCreditLimit"), { client_id: 1, credit_limit: 50 }, root)).body.data
    expect(allowed).toMatchObject({ client_id: 1, credit_limit: 50 })
    await database().transaction((tx) => debit(tx, 1, start + 10, adjustment("SMS to 1,000 customers"), "campaign:1"))
    expect((await send(ctx.url, balanceCall, {}, h1)).body.data.balance).toBe(-10)
    await send(ctx.url, b("billingCreditLimit"), { client_id: 1, credit_limit: 0 }, root)
    await send(ctx.url, b("billingTopUp"), { client_id: 1, amount: 10 }, root)
  })

  it("keeps every running balance equal to the naive sum of the entries before it, whatever the order of credits and debits", async () => {
    const root = await superAdmin()
    const h1 = as((await login(ctx.url, "admin")).user_token)
    const cents = fc.integer({ min: 1, max: 500_000 })
    const step = fc.oneof(
      cents.map((c) => ({ kind: "credit" as const, cents: c })),
      cents.map((c) => ({ kind: "debit" as const, cents: c })),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        let expected = Math.round((await send(ctx.url, balanceCall, {}, h1)).body.data.balance * 100)
        for (const s of steps) {
          if (s.kind === "credit") {
            expect((await send(ctx.url, b("billingTopUp"), { client_id: 1, amount: s.cents / 100 }, root)).status).toBe(200)
            expected += s.cents
          } else {
            const ok = await database()
              .transaction((tx) => debit(tx, 1, s.cents / 100, adjustment("test debit")))
              .then(() => true)
              .catch(() => false)
            expect(ok).toBe(expected - s.cents >= 0)
            if (ok) expected -= s.cents
          }
        }
        const rows = rowsOf(
          await database().db.execute(sql`SELECT amount, balance_after FROM billing_ledger WHERE client_id = 1 ORDER BY id`),
        )
        let naive = 0
        for (const row of rows) {
          naive += Math.round(Number(row.amount) * 100)
          expect(Math.round(Number(row.balance_after) * 100)).toBe(naive)
          expect(naive).toBeGreaterThanOrEqual(-5000)
        }
        expect(naive).toBe(expected)
        expect(Math.round((await send(ctx.url, balanceCall, {}, h1)).body.data.balance * 100)).toBe(expected)
      }),
      { numRuns: 8 },
    )
  })
})
