/**
 * MAU on both databases: the one metric against a naive count from raw rows (fast-check: random inbound and outbound
 * messages of random customers on random channels and days), the calls' tenancy and access, and the report in the
 * development outbox (through a real SMTP server: server/core/mail.test.ts).
 */
import { sql } from "drizzle-orm"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { mauOf } from "./mau-metric"

const c = { mau: callOf("mau", "messagesMau"), admin: callOf("mau", "messagesMauAdmin"), mail: callOf("mau", "sendMailMau") }
const CHANNELS = ["whatsapp", "sms", "webchat"] as const

describe.each(DB_KINDS)("monthly active users on %s", (kind) => {
  const ctx = useServer(kind)
  let admin: Record<string, string>
  beforeAll(async () => {
    admin = as((await login(ctx.url, "admin")).user_token)
  }, 120_000)

  it("counts what a naive count of raw inbound messages counts, per month and channel", async () => {
    const db = ctx.server.services.database.db
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            customer: fc.integer({ min: 0, max: 5 }),
            channel: fc.constantFrom(...CHANNELS),
            day: fc.integer({ min: 0, max: 80 }),
            inbound: fc.boolean(),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (messages) => {
          run++
          const tag = `${kind}-${run}-${Date.now()}`
          // A tenant of its own for each run, so the naive count sees only these rows.
          const [tenant] = rowsOf(await db.execute(sql`INSERT INTO clients (name) VALUES (${`MAU probe ${tag}`}) RETURNING id`))
          const clientId = Number(tenant.id)
          for (const m of messages) {
            const number = `+90555${String(m.customer).padStart(7, "0")}`
            const at = new Date(Date.UTC(2026, 0, 1) + m.day * 86_400_000).toISOString()
            const [contact] = rowsOf(
              await db.execute(sql`INSERT INTO contacts (client_id, name, channel, number) VALUES (${clientId}, ${number}, ${m.channel}, ${number})
                ON CONFLICT DO NOTHING RETURNING id`),
            )
            const contactId = contact
              ? Number(contact.id)
              : Number(
                  rowsOf(
                    await db.execute(
                      sql`SELECT id FROM contacts WHERE client_id = ${clientId} AND channel = ${m.channel} AND number = ${number}`,
                    ),
                  )[0].id,
                )
            const [conv] = rowsOf(
              await db.execute(sql`INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at, closed_at)
                VALUES (${clientId}, ${contactId}, ${m.channel}, 'closed', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz) RETURNING id`),
            )
            await db.execute(sql`INSERT INTO messages (client_id, conversation_id, direction, type, body, status, dt)
              VALUES (${clientId}, ${conv.id}, ${m.inbound ? "in" : "out"}, 'text', 'x', 'sent', ${at}::timestamptz)`)
          }
          for (const month of ["2026-01", "2026-02", "2026-03"]) {
            const naive = rowsOf(
              await db.execute(sql`SELECT ct.channel, count(DISTINCT ct.id)::int AS n FROM messages m
                JOIN conversations v ON v.id = m.conversation_id JOIN contacts ct ON ct.id = v.contact_id
                WHERE m.client_id = ${clientId} AND m.direction = 'in'
                  AND to_char(m.dt AT TIME ZONE tenant_zone(${clientId}), 'YYYY-MM') = ${month}
                GROUP BY ct.channel ORDER BY ct.channel`),
            ).map((r) => ({ channel_type: String(r.channel), users: Number(r.n) }))
            const metric = await mauOf(db, clientId, month)
            expect(metric.by_channel).toEqual(naive)
            expect(metric.users).toBe(naive.reduce((sum, r) => sum + r.users, 0))
          }
        },
      ),
      { numRuns: 12 },
    )
  }, 120_000)

  it("answers the tenant's own month, every tenant's only to the super admin", async () => {
    const mine = shaped(c.mau, (await send(ctx.url, c.mau, {}, admin)).body).data
    expect(mine.client_id).toBe(1)
    expect(mine.users).toBe(mine.by_channel.reduce((sum: number, r: { users: number }) => sum + r.users, 0))
    expect((await send(ctx.url, c.admin, { month: mine.month }, admin)).status).toBe(403)
    const root = as((await login(ctx.url, "superadmin")).user_token)
    const all = shaped(c.admin, (await send(ctx.url, c.admin, { month: mine.month }, root)).body).data as {
      client_id: number
      users: number
    }[]
    expect(all.find((r) => r.client_id === 1)?.users).toBe(mine.users)
    expect(all.some((r) => r.client_id === 2)).toBe(true)
    const theirs = shaped(c.mau, (await send(ctx.url, c.mau, {}, as((await login(ctx.url, "admin2")).user_token))).body).data
    expect(theirs.client_id).toBe(2)
    expect((await send(ctx.url, c.mau, { month: "2026-13" }, admin)).status).toBe(400)
  })

  it("in development mails to the outbox, which shows the tenant's admin their own mail and not another tenant's", async () => {
    const month = shaped(c.mau, (await send(ctx.url, c.mau, {}, admin)).body).data.month
    const to = `mau-${Date.now().toString(36)}@acme.example`
    expect((await send(ctx.url, c.mail, { month, email: to }, admin)).status).toBe(200)
    const outbox = async (headers: Record<string, string>) => {
      const reply = await fetch(`${ctx.url}/dev/outbox`, { headers })
      expect(reply.status).toBe(200)
      return ((await reply.json()) as { data: { items: { to: string; subject: string; body: string }[] } }).data.items
    }
    const mine = await outbox(admin)
    expect(mine[0]).toMatchObject({ to, subject: `Monthly active users, ${month}` })
    expect(mine[0].body).toContain("Acme Retail")
    const theirs = await outbox(as((await login(ctx.url, "admin2")).user_token))
    expect(theirs.some((m) => m.to === to)).toBe(false)
    expect((await fetch(`${ctx.url}/dev/outbox`)).status).toBeGreaterThanOrEqual(400)
  })

  it("mails a super admin every business's figures for the month", async () => {
    const root = as((await login(ctx.url, "superadmin")).user_token)
    const month = shaped(c.mau, (await send(ctx.url, c.mau, {}, admin)).body).data.month
    const to = `root-${Date.now().toString(36)}@platform.example`
    expect((await send(ctx.url, c.mail, { month, email: to }, root)).status).toBe(200)
    const reply = await fetch(`${ctx.url}/dev/outbox`, { headers: root })
    const mail = ((await reply.json()) as { data: { items: { to: string; body: string }[] } }).data.items.find((m) => m.to === to)
    expect(mail?.body).toContain("Acme Retail")
    expect(mail?.body).toContain("Globex Foods")
    expect(mail?.body).not.toContain("Platform:")
  })
})
