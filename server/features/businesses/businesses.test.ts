/**
 * Businesses on both databases: registration with a document, the review's explicit moves (each refused move a 409
 * naming the status), approval creating the admin who then signs in and gets a welcome mail, rejection with a reason,
 * the list, counts, figures and agents, only the super admin reaching any of it, and the effects of switching a
 * business off (its people refused on their next call and at sign-in, its webhook deliveries stopped) and of deleting it.
 */
import { sql } from "drizzle-orm"
import fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { publish } from "../../core/events"
import type { Clock } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { startReceiver } from "../webhooks/receiver.testing"
import { activityArb, clearActivity, expectOverview, referenceOf, writeActivity } from "../platform/platform.testing"
import { approvedBusiness, registerBusiness } from "./businesses.testing"
import { BUSINESS_RETENTION_DAYS, purgeSchedule } from "./retention"

class TestClock implements Clock {
  offset = 0
  now = () => new Date(Date.now() + this.offset)
}

const b = (name: Parameters<typeof callOf<"businesses">>[1]) => callOf("businesses", name)
const review = callOf("businessReview", "reviewRegistration")
const documents = callOf("businessReview", "registrationDocuments")

describe.each(DB_KINDS)("businesses on %s", (kind) => {
  const clock = new TestClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  let superAdmin: Record<string, string>
  let tenantAdmin: Record<string, string>
  beforeAll(async () => {
    superAdmin = as((await login(ctx.url, "superadmin")).user_token)
    tenantAdmin = as((await login(ctx.url, "admin")).user_token)
  }, 120_000)

  it("takes a registration with its document, refuses every move the review does not allow, and approves it into a working login", async () => {
    const { client, username, password } = await registerBusiness(ctx.url, { documents: 1 })
    expect(client).toMatchObject({ onboarding_status: "submitted", active: false })
    // Nobody signs in to a business that is not approved.
    expect((await send(ctx.url, callOf("auth", "authUser"), { username, password })).status).toBe(401)
    // The super admin sees the document, and can open it.
    const docs = shaped(documents, (await send(ctx.url, documents, { client_id: client.id }, superAdmin)).body).data
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ document_type: "trade_license", mime_type: "application/pdf", name: "licence-0.pdf" })
    const file = await fetch(new URL(docs[0].url, ctx.url))
    expect(file.status).toBe(200)
    expect((await file.text()).startsWith("%PDF-")).toBe(true)
    // Approving before the review started is refused, naming where it stands.
    const early = await send(ctx.url, review, { client_id: client.id, to: "approved" }, superAdmin)
    expect([early.status, early.body.error.code]).toEqual([409, "REGISTRATION_STATUS"])
    expect(early.body.error.message).toContain("submitted")
    const started = await send(ctx.url, review, { client_id: client.id, to: "in_review" }, superAdmin)
    expect(shaped(review, started.body).data.onboarding_status).toBe("in_review")
    const twice = await send(ctx.url, review, { client_id: client.id, to: "in_review" }, superAdmin)
    expect([twice.status, twice.body.error.message]).toEqual([409, "A registration that is in review cannot be in review"])
    const approved = await send(ctx.url, review, { client_id: client.id, to: "approved" }, superAdmin)
    expect(approved.body.data).toMatchObject({ onboarding_status: "approved", active: true })
    const again = await send(ctx.url, review, { client_id: client.id, to: "rejected", reason: "Too late" }, superAdmin)
    expect([again.status, again.body.error.message]).toEqual([409, "A registration that is approved cannot be rejected"])
    // Its admin signs in, with the admin role, and the welcome mail went to the business.
    const session = await login(ctx.url, username, password)
    expect(session.user_data.client_id).toBe(client.id)
    expect(session.back_acl["BACK:client_settings"]).toBe(1)
    const [mail] = rowsOf(
      await ctx.server.services.database.db.execute(
        sql`SELECT subject, body FROM mail_outbox WHERE client_id = ${client.id} ORDER BY id DESC LIMIT 1`,
      ),
    )
    expect(String(mail.subject)).toContain("is approved")
    expect(String(mail.body)).toContain(username)
  })

  it("rejects only with a reason, and a rejected business cannot sign in", async () => {
    const { client, username, password } = await registerBusiness(ctx.url)
    await send(ctx.url, review, { client_id: client.id, to: "in_review" }, superAdmin)
    const bare = await send(ctx.url, review, { client_id: client.id, to: "rejected" }, superAdmin)
    expect([bare.status, bare.body.error.field]).toEqual([400, "reason"])
    const rejected = await send(ctx.url, review, { client_id: client.id, to: "rejected", reason: "The licence is expired" }, superAdmin)
    expect(rejected.body.data).toMatchObject({ onboarding_status: "rejected", rejection_reason: "The licence is expired", active: false })
    expect((await send(ctx.url, callOf("auth", "authUser"), { username, password })).status).toBe(401)
    const reopen = await send(ctx.url, review, { client_id: client.id, to: "in_review" }, superAdmin)
    expect([reopen.status, reopen.body.error.message]).toEqual([409, "A registration that is rejected cannot be in review"])
  })

  it("refuses a registration whose username is taken or whose document is unknown, and keeps nothing of it", async () => {
    const countries = (await send(ctx.url, callOf("onboarding", "fetchCountries"), {})).body.data as { id: number }[]
    const base = {
      business_name: "Taken Ltd",
      email: "x@taken.example",
      phone: "+905550000000",
      country_id: countries[0].id,
      password: "long-enough",
    }
    const taken = await send(ctx.url, callOf("onboarding", "register"), { ...base, admin_username: "agent1" })
    expect([taken.status, taken.body.error.field]).toEqual([409, "admin_username"])
    const unknown = await send(ctx.url, callOf("onboarding", "register"), {
      ...base,
      admin_username: "fresh.owner",
      document_ids: [999999],
      upload_token: "u".repeat(32),
    })
    expect([unknown.status, unknown.body.error.field]).toEqual([400, "document_ids"])
    const country = await send(ctx.url, callOf("onboarding", "register"), { ...base, admin_username: "fresh.owner", country_id: 999999 })
    expect([country.status, country.body.error.field]).toEqual([400, "country_id"])
    const list = await send(ctx.url, b("fetchClientsPagination"), { search: "Taken Ltd" }, superAdmin)
    expect(list.body.data.totalItems).toBe(0)
  })

  it("lists, counts, searches and pages the businesses, with each one's figures and agents", async () => {
    const { client } = await approvedBusiness(ctx.url, superAdmin)
    const all = shaped(b("fetchClients"), (await send(ctx.url, b("fetchClients"), {}, superAdmin)).body).data as {
      id: number
      name: string
    }[]
    expect(all.map((c) => c.name)).toEqual(expect.arrayContaining(["Acme Retail", "Globex Foods", client.name]))
    expect(all.some((c) => c.name === "Platform")).toBe(false)
    const meta = shaped(b("fetchClientsMeta"), (await send(ctx.url, b("fetchClientsMeta"), {}, superAdmin)).body).data
    expect(meta.total).toBe(all.length)
    expect(meta.active + meta.inactive).toBe(meta.total)
    const page = shaped(
      b("fetchClientsPagination"),
      (await send(ctx.url, b("fetchClientsPagination"), { search: "acme", limit: 5 }, superAdmin)).body,
    )
    expect(page.data.items.map((c: { name: string }) => c.name)).toEqual(["Acme Retail"])
    const pending = (await send(ctx.url, b("fetchClientsPagination"), { onboarding_status: "submitted", limit: 100 }, superAdmin)).body.data
    expect(pending.items.every((c: { onboarding_status: string }) => c.onboarding_status === "submitted")).toBe(true)
    // Acme's figures: its active users, contacts and conversations as the database holds them.
    const stats = shaped(
      b("clientStatsByClientId"),
      (await send(ctx.url, b("clientStatsByClientId"), { client_id: 1 }, superAdmin)).body,
    ).data
    const [truth] = rowsOf(
      await ctx.server.services.database.db.execute(sql`SELECT
        (SELECT count(*)::int FROM users WHERE client_id = 1 AND status = 'active') AS agents,
        (SELECT count(*)::int FROM contacts WHERE client_id = 1) AS contacts,
        (SELECT count(*)::int FROM conversations WHERE client_id = 1) AS conversations,
        (SELECT balance::text FROM clients WHERE id = 1) AS balance`),
    )
    expect(stats).toMatchObject({
      client_id: 1,
      name: "Acme Retail",
      agents: truth.agents,
      contacts: truth.contacts,
      conversations: truth.conversations,
    })
    expect(stats.balance).toBe(Number(truth.balance).toFixed(2))
    const everyone = shaped(b("clientStats"), (await send(ctx.url, b("clientStats"), {}, superAdmin)).body).data
    expect(everyone.find((s: { client_id: number }) => s.client_id === 1)).toEqual(stats)
    const info = shaped(
      b("clientInfoByClientId"),
      (await send(ctx.url, b("clientInfoByClientId"), { client_id: client.id }, superAdmin)).body,
    )
    expect(info.data).toMatchObject({ id: client.id, agents: 1 })
    const agents = shaped(
      b("clientAgentsByClientId"),
      (await send(ctx.url, b("clientAgentsByClientId"), { client_id: 1 }, superAdmin)).body,
    )
    expect(agents.data.map((a: { username: string }) => a.username)).toEqual(["admin", "agent1", "agent2"])
    const paged = (await send(ctx.url, b("clientAgentsPaginated"), { client_id: 1, search: "agent", limit: 1 }, superAdmin)).body.data
    expect([paged.totalItems, paged.items[0].username]).toEqual([2, "agent1"])
    expect((await send(ctx.url, b("fetchClientByClientId"), { client_id: 999999 }, superAdmin)).status).toBe(404)
  })

  it("lets only the super admin reach the business calls", async () => {
    const agent = as((await login(ctx.url, "agent1")).user_token)
    for (const headers of [tenantAdmin, agent]) {
      expect((await send(ctx.url, b("fetchClients"), {}, headers)).status).toBe(403)
      expect((await send(ctx.url, b("clientInfoByClientId"), { client_id: 2 }, headers)).status).toBe(403)
      expect((await send(ctx.url, b("clientToggle"), { client_id: 2, active: false }, headers)).status).toBe(403)
      expect((await send(ctx.url, b("clientDelete"), { client_id: 2 }, headers)).status).toBe(403)
      expect((await send(ctx.url, review, { client_id: 2, to: "in_review" }, headers)).status).toBe(403)
      expect((await send(ctx.url, documents, { client_id: 2 }, headers)).status).toBe(403)
    }
    // Tenant two is untouched.
    expect((await send(ctx.url, b("fetchClientByClientId"), { client_id: 2 }, superAdmin)).body.data.active).toBe(true)
  })

  it("switches a business off: its people are refused on their next call and at sign-in, its webhooks stop; on again, both work", async () => {
    const business = await approvedBusiness(ctx.url, superAdmin)
    const receiver = await startReceiver(() => 200)
    try {
      const hook = await send(
        ctx.url,
        callOf("onboarding", "configureWebhook"),
        { url: receiver.url, verify_token: "verify-me-1" },
        business.admin,
      )
      expect(hook.status, JSON.stringify(hook.body)).toBe(200)
      const fire = () => ctx.server.services.database.transaction((tx) => publish(tx, business.client.id, "ticket.created", { id: 1 }))
      await fire()
      await ctx.server.jobs.runDue()
      expect(receiver.received).toHaveLength(1)
      // A pending registration cannot be switched on.
      const { client: pending } = await registerBusiness(ctx.url)
      const refused = await send(ctx.url, b("clientToggle"), { client_id: pending.id, active: true }, superAdmin)
      expect([refused.status, refused.body.error.code]).toEqual([409, "BUSINESS_STATUS"])
      expect(refused.body.error.message).toContain("pending")

      const off = await send(ctx.url, b("clientToggle"), { client_id: business.client.id, active: false }, superAdmin)
      expect(shaped(b("clientToggle"), off.body).data.active).toBe(false)
      const next = await send(ctx.url, callOf("onboarding", "getWebhook"), {}, business.admin)
      expect(next.status).toBe(401)
      expect((await send(ctx.url, callOf("auth", "authUser"), { username: business.username, password: business.password })).status).toBe(
        401,
      )
      await fire()
      await ctx.server.jobs.runDue()
      expect(receiver.received).toHaveLength(1)
      const [logged] = rowsOf(
        await ctx.server.services.database.db.execute(
          sql`SELECT error FROM webhook_deliveries WHERE client_id = ${business.client.id} ORDER BY id DESC LIMIT 1`,
        ),
      )
      expect(logged.error).toBe("Not sent: the business is disabled")

      const on = await send(ctx.url, b("clientToggle"), { client_id: business.client.id, active: true }, superAdmin)
      expect(on.body.data.active).toBe(true)
      const back = as((await login(ctx.url, business.username, business.password)).user_token)
      expect((await send(ctx.url, callOf("onboarding", "getWebhook"), {}, back)).status).toBe(200)
      await fire()
      await ctx.server.jobs.runDue()
      expect(receiver.received).toHaveLength(2)
    } finally {
      await receiver.stop()
    }
  })

  it(`deletes a business softly: out of the lists and unable to sign in, purged after ${BUSINESS_RETENTION_DAYS} days`, async () => {
    const business = await approvedBusiness(ctx.url, superAdmin)
    const deleted = await send(ctx.url, b("clientDelete"), { client_id: business.client.id }, superAdmin)
    expect(shaped(b("clientDelete"), deleted.body).data.ok).toBe(true)
    expect((await send(ctx.url, callOf("onboarding", "getWebhook"), {}, business.admin)).status).toBe(401)
    expect((await send(ctx.url, callOf("auth", "authUser"), { username: business.username, password: business.password })).status).toBe(401)
    expect((await send(ctx.url, b("fetchClientByClientId"), { client_id: business.client.id }, superAdmin)).status).toBe(404)
    const all = (await send(ctx.url, b("fetchClients"), {}, superAdmin)).body.data as { id: number }[]
    expect(all.some((c) => c.id === business.client.id)).toBe(false)
    const db = ctx.server.services.database
    const exists = async () => rowsOf(await db.db.execute(sql`SELECT id FROM clients WHERE id = ${business.client.id}`)).length
    // Kept through the retention period, gone after it.
    await db.transaction((tx) => purgeSchedule.tick(tx, new Date(Date.now() + (BUSINESS_RETENTION_DAYS - 1) * 86_400_000)))
    expect(await exists()).toBe(1)
    await db.transaction((tx) => purgeSchedule.tick(tx, new Date(Date.now() + (BUSINESS_RETENTION_DAYS + 1) * 86_400_000)))
    expect(await exists()).toBe(0)
  })

  it("gives the platform overview's figures as naive counts of the raw rows after random activity", async () => {
    const db = ctx.server.services.database
    const overview = callOf("platform", "platformOverview")
    let run = 0
    try {
      await fc.assert(
        fc.asyncProperty(activityArb, async (activity) => {
          run++
          await writeActivity(db, activity, `${kind === "pglite" ? 1 : 2}${run}`)
          const reply = await send(ctx.url, overview, {}, superAdmin)
          expect(reply.status, JSON.stringify(reply.body)).toBe(200)
          expectOverview(shaped(overview, reply.body).data, await referenceOf(db))
        }),
        { numRuns: 5 },
      )
      expect((await send(ctx.url, overview, {}, tenantAdmin)).status).toBe(403)
      // Only the super admin holds the platform dashboard's page, whatever the tenant admin's role was seeded with.
      expect((await login(ctx.url, "admin")).user_acl["FRONT:/platform"]).toBe(false)
      expect((await login(ctx.url, "superadmin")).user_acl["FRONT:/platform"]).toBe(true)
    } finally {
      await clearActivity(db)
    }
  })
})
