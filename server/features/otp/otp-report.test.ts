/**
 * `/otp/report` against a naive count over random log rows (fast-check) on both databases, with a second tenant's decoy
 * rows that must not count, and the same answer for the super admin who picked the tenant (`client_id`), while another
 * tenant's admin naming it is refused; `/update/redeem/{id}` on verified codes only, in the caller's tenant only.
 */
import fc from "fast-check"
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { as, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { otpNow } from "./clock"
import { otp } from "./otp.testing"
import { stateOf } from "./state"

const DAY0 = Date.parse("2031-01-01T00:00:00Z")
const PROVIDERS = ["Alpha", "Beta", ""]

const rowArb = fc.record({
  client: fc.constantFrom(1, 1, 1, 2),
  minute: fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }),
  provider: fc.constantFrom(...PROVIDERS),
  verified: fc.boolean(),
  dead: fc.boolean(),
  digest: fc.boolean(),
  /** Expiry relative to now, in minutes (negative: passed). */
  expiresIn: fc.option(
    fc.integer({ min: -60, max: 60 }).filter((m) => m !== 0),
    { nil: null },
  ),
  redeemed: fc.boolean(),
  undelivered: fc.boolean(),
})

type Row = typeof rowArb extends fc.Arbitrary<infer T> ? T : never

const naive = (rows: readonly Row[], now: Date) => {
  const out = new Map<string, Record<string, number>>()
  for (const r of rows.filter((x) => x.client === 1)) {
    const date = new Date(DAY0 + r.minute * 60_000).toISOString().slice(0, 10)
    const key = `${date}|${r.provider || "null"}`
    const f = out.get(key) ?? { sent: 0, verified: 0, expired: 0, dead: 0, redeemed: 0, failed: 0 }
    const state = stateOf(
      {
        verified: r.verified,
        dead: r.dead,
        codeHmac: r.digest ? "x" : null,
        expiresAt: r.expiresIn === null ? null : new Date(now.getTime() + r.expiresIn * 60_000),
      },
      now,
    )
    f.sent += 1
    if (state !== "live") f[state] += 1
    if (r.redeemed) f.redeemed += 1
    if (r.undelivered) f.failed += 1
    out.set(key, f)
  }
  return out
}

describe.each(DB_KINDS)("OTP report on %s", (kind) => {
  const ctx = useServer(kind)

  it("counts each figure per day and provider as a naive count does", async () => {
    const db = ctx.server.services.database.db
    const admin = as((await login(ctx.url, "admin")).user_token)
    const superadmin = as((await login(ctx.url, "superadmin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const asked = { start_date: "2031-01-01", end_date: "2031-01-03", limit: 100 }
    expect((await send(ctx.url, otp("otpReport"), { ...asked, client_id: 1 }, admin2)).status).toBe(403)
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 40 }), async (rows) => {
        await db.execute(sql`DELETE FROM otp_logs WHERE dt >= '2031-01-01' AND dt < '2031-01-04'`)
        const now = otpNow()
        for (const r of rows)
          await db.execute(sql`INSERT INTO otp_logs (client_id, username, otp_code, provider_name, verified, dead, code_hmac, expires_at, redeemed,
              delivery_error, dt)
            VALUES (${r.client}, 'someone', '', ${r.provider}, ${r.verified}, ${r.dead}, ${r.digest ? "ab" : null},
              ${r.expiresIn === null ? null : new Date(now.getTime() + r.expiresIn * 60_000).toISOString()}::timestamptz, ${r.redeemed},
              ${r.undelivered ? "refused" : null}, ${new Date(DAY0 + r.minute * 60_000).toISOString()}::timestamptz)`)
        const reply = await send(ctx.url, otp("otpReport"), asked, admin)
        expect(reply.status).toBe(200)
        const picked = await send(ctx.url, otp("otpReport"), { ...asked, client_id: 1 }, superadmin)
        expect(picked.body.data).toEqual(reply.body.data)
        const expected = naive(rows, now)
        expect(reply.body.data.totalItems).toBe(expected.size)
        for (const item of reply.body.data.items) {
          const { date, provider_name, ...figures } = item
          expect(figures, `${date} ${provider_name}`).toEqual(expected.get(`${date}|${provider_name ?? "null"}`))
        }
      }),
      { numRuns: 12 },
    )
    await db.execute(sql`DELETE FROM otp_logs WHERE dt >= '2031-01-01' AND dt < '2031-01-04'`)
  })

  it("redeems verified codes only, and only the caller's tenant's", async () => {
    const db = ctx.server.services.database.db
    const admin = as((await login(ctx.url, "admin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const ids = await db.execute(sql`INSERT INTO otp_logs (client_id, username, otp_code, verified, dt)
      VALUES (1, 'a', '', true, now()), (1, 'b', '', false, now()) RETURNING id`)
    const [verified, unverified] = (ids as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id))
    const refused = await send(ctx.url, otp("updateRedeemById"), { id: unverified, redeemed: true }, admin)
    expect(refused.status).toBe(409)
    expect((await send(ctx.url, otp("updateRedeemById"), { id: verified, redeemed: true }, admin2)).status).toBe(404)
    expect((await send(ctx.url, otp("updateRedeemById"), { id: verified, redeemed: true }, admin)).status).toBe(200)
    const row = (await db.execute(sql`SELECT redeemed, redeemed_at FROM otp_logs WHERE id = ${verified}`)) as unknown as {
      rows: { redeemed: boolean; redeemed_at: unknown }[]
    }
    expect(row.rows[0].redeemed).toBe(true)
    expect(row.rows[0].redeemed_at).not.toBeNull()
  })
})
