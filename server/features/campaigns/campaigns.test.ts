/**
 * Campaigns and recipient lists on both databases, driving the job queue by hand (a controlled clock): every row of a
 * list's source accounted for; parameters from contact attributes and fixed text; a run sends each recipient once
 * through sendTemplateTo (opt-outs skipped with the reason, a failure reported by the channel kept with its reason
 * and retried), at the campaign's rate, completes, and downloads as CSV; an empty balance pauses it with the reason;
 * every refused transition is a 409 naming the current status; a batch killed halfway is taken over with no
 * double and no loss (one ledger entry per batch), the balance running out inside a batch pauses it with nothing of
 * that batch charged; the campaign size limit; tenant two reaches none of it.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { CAMPAIGN_CSV_HEADER, campaignCsvLine } from "../../../src/contract/campaign-report"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { draft } from "../templates/templates.testing"
import { cc, movableClock, numbersFrom, tc } from "./campaigns.testing"

describe.each(DB_KINDS)("campaigns on %s", (kind) => {
  const clock = movableClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  const h: Record<string, Record<string, string>> = {}
  const run = () => ctx.server.jobs.runDue()
  const db = () => ctx.server.services.database.db
  const create = async (body: Record<string, unknown>, who = "admin") => send(ctx.url, cc("campaignCreate"), body, h[who])
  const status = (id: number, to: string, who = "admin") => send(ctx.url, tc("changeCampaignStatus"), { id, status: to }, h[who])
  const campaign = async (id: number) => {
    const page = await send(ctx.url, cc("fetchListCampaigns"), { limit: 1000 }, h.admin)
    return shaped(cc("fetchListCampaigns"), page.body).data.items.find((c: { id: number }) => c.id === id)
  }
  const recipients = async (id: number) =>
    shaped(
      tc("templateRecipientNumbers"),
      (await send(ctx.url, tc("templateRecipientNumbers"), { campaign_id: id, limit: 1000 }, h.admin)).body,
    ).data.items as { number: string; status: string; error: string | null; params: string[] }[]
  const messagesTo = async (number: string) =>
    Number(
      rowsOf(
        await db().execute(sql`SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
          JOIN contacts ct ON ct.id = c.contact_id WHERE ct.client_id = 1 AND ct.number = ${number} AND m.type = 'template'`),
      )[0].n,
    )
  const topUp = (amount: number) =>
    send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount, reason: "Campaign test" }, h.superadmin)

  beforeAll(async () => {
    for (const name of ["admin", "admin2", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
    await send(ctx.url, tc("templateMessageCreate"), draft("promo_ready"), h.admin)
    await send(ctx.url, tc("templateMessageCreate"), draft("promo_pending"), h.admin)
    await devFetch(ctx.server, "/dev/templates/verdict", { clientId: 1, name: "promo_pending", status: "REJECTED", reason: "Test" })
    await run()
    await topUp(100)
  })

  it("accounts for every row of a list: accepted, duplicates and invalid numbers, from numbers, a CSV and contacts", async () => {
    const typed = await send(
      ctx.url,
      tc("templateRecipientsCreate"),
      {
        name: "Typed",
        numbers: [{ number: "+905321110001" }, { number: "905321110001" }, { number: "12345" }, { number: "+905321110002" }],
      },
      h.admin,
    )
    expect(typed.status).toBe(200)
    const result = shaped(tc("templateRecipientsCreate"), typed.body).data
    expect(result).toMatchObject({ numbers_count: 2, result: { rows: 4, accepted: 2, duplicates: 1, invalid: 1 } })
    expect(result.result.problems).toEqual([
      { line: 2, value: "905321110001", outcome: "duplicate", reason: "Same number as line 1", of_line: 1 },
      { line: 3, value: "12345", outcome: "invalid", reason: "Not a valid phone number" },
    ])
    const csv = await send(
      ctx.url,
      tc("templateRecipientsCreate"),
      { name: "From CSV", csv: "name,number,code\nAyşe,+905321110003,A-1\nBad,not-a-number,A-2\nAli,0532 111 00 04,A-3\n", country: "TR" },
      h.admin,
    )
    expect(csv.body.data.result).toMatchObject({ rows: 3, accepted: 2, duplicates: 0, invalid: 1 })
    const numbers = await send(ctx.url, tc("templateNumbers"), { recipient_list_id: csv.body.data.id }, h.admin)
    expect(numbers.body.data.items.map((n: { number: string; params: string[] }) => [n.number, n.params])).toEqual([
      ["+905321110003", ["Ayşe", "A-1"]],
      ["+905321110004", ["Ali", "A-3"]],
    ])
    for (const n of ["+905321110005", "+905321110006"]) await customerWrites(ctx.server, n)
    const group = await send(
      ctx.url,
      callOf("contacts", "groupContactCreate"),
      { name: "Campaign group", numbers: ["+905321110005", "+905321110006"] },
      h.admin,
    )
    const fromGroup = await send(
      ctx.url,
      tc("templateRecipientsCreate"),
      { name: "Group", contacts: { group_id: group.body.data.id } },
      h.admin,
    )
    expect(fromGroup.body.data).toMatchObject({ numbers_count: 2, source: "contacts" })
    const both = await send(
      ctx.url,
      tc("templateRecipientsCreate"),
      { name: "Both", csv: "number\n+905321110007", numbers: [{ number: "+905321110007" }] },
      h.admin,
    )
    expect(both.status).toBe(400)
    // Tenant two sees none of it and cannot touch it.
    const theirs = await send(ctx.url, tc("templateRecipients"), {}, h.admin2)
    expect(theirs.body.data.items.map((l: { name: string }) => l.name)).not.toContain("Typed")
    expect((await send(ctx.url, tc("templateRecipientsDelete"), { id: result.id }, h.admin2)).status).toBe(404)
    expect((await send(ctx.url, tc("templateNumbers"), { recipient_list_id: result.id }, h.admin2)).status).toBe(404)
    const renamed = await send(ctx.url, tc("templateRecipientsUpdate"), { id: result.id, name: "Typed again" }, h.admin)
    expect(renamed.body.data).toMatchObject({ name: "Typed again", numbers_count: 2 })
    expect((await send(ctx.url, tc("templateRecipientsDelete"), { id: result.id }, h.admin)).status).toBe(200)
  })

  it("runs a campaign: parameters from attributes and text, opt-out skipped, failure reported with its reason and retried, CSV", async () => {
    const people = numbersFrom(2_000_000, 5)
    for (const [i, n] of people.entries()) {
      await customerWrites(ctx.server, n)
      await send(ctx.url, callOf("contacts", "updateCustomerAttributes"), { number: n, attributes: { first_name: `P${i}` } }, h.admin)
    }
    await customerWrites(ctx.server, people[1], { text: "STOP" })
    const list = await send(
      ctx.url,
      tc("templateRecipientsCreate"),
      { name: "Five", numbers: people.map((number) => ({ number })) },
      h.admin,
    )
    const made = await create({
      name: "Autumn",
      template_name: "promo_ready",
      language: "en",
      recipient_list_id: list.body.data.id,
      param_sources: [{ attribute: "first_name" }, { text: "A-100" }],
      rate_per_second: null,
    })
    expect(made.status).toBe(200)
    const c = shaped(cc("campaignCreate"), made.body).data
    expect(c).toMatchObject({ status: "draft", total: 5, queued: 5, rate_per_second: null })
    expect((await recipients(c.id)).map((r) => r.params)).toEqual(people.map((_, i) => [`P${i}`, "A-100"]))
    expect(shaped(tc("changeCampaignStatus"), (await status(c.id, "scheduled")).body).data.status).toBe("running")
    await run()
    await run()
    const done = await campaign(c.id)
    expect(done).toMatchObject({ status: "completed", total: 5, sent: 4, skipped: 1, failed: 0, queued: 0 })
    const rows = await recipients(c.id)
    expect(rows[1]).toMatchObject({ number: people[1], status: "skipped" })
    expect(rows[1].error).toContain("opted out")
    for (const n of people) expect(await messagesTo(n)).toBe(n === people[1] ? 0 : 1)
    // The customers who wrote in still wait in the queue: a campaign's message is not an agent's reply.
    const queue = await send(ctx.url, callOf("chat", "agentUnassignedConversations"), { limit: 100 }, h.admin)
    expect(queue.body.data.items.find((q: { number: string }) => q.number === people[0])).toMatchObject({ status: "unassigned" })
    const phone = await (
      await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(people[0])}`)
    ).json()
    expect(phone.data.items.map((m: { body: string }) => m.body)).toContain("Hello P0, your order A-100 ships today.")
    // The channel reports a failure: kept with its reason, counted, and retried.
    expect((await devFetch(ctx.server, "/dev/campaigns/fail", { number: people[2], reason: "Number not on WhatsApp" })).status).toBe(200)
    expect(await campaign(c.id)).toMatchObject({ failed: 1, sent: 3 })
    // Its cost comes back (template-refund.ts).
    const ledger = await send(ctx.url, callOf("billing", "getBillingLedger"), {}, h.admin)
    expect(ledger.body.data.items[0]).toMatchObject({ amount: 0.02, reason: "Refund: template promo_ready refused by the channel" })
    expect((await recipients(c.id))[2]).toMatchObject({ status: "failed", error: "Number not on WhatsApp" })
    const outbox = await send(ctx.url, tc("outgoingMessageStatus"), { campaign_id: c.id, status: "failed" }, h.admin)
    expect(outbox.body.data.items).toMatchObject([{ number: people[2], error: "Number not on WhatsApp", campaign_id: c.id }])
    const retried = await send(ctx.url, tc("templateRetryCampaign"), { id: c.id }, h.admin)
    expect(retried.body.data).toMatchObject({ status: "running", failed: 0, queued: 1 })
    await run()
    await run()
    expect(await campaign(c.id)).toMatchObject({ status: "completed", sent: 4, failed: 0 })
    expect(await messagesTo(people[2])).toBe(2)
    expect((await send(ctx.url, tc("templateRetryCampaign"), { id: c.id }, h.admin)).status).toBe(409)
    // The simulator reports each message delivered 300 ms after it was handed over: compare the two reports once the
    // four sent messages' reports are in, so both read the same rows.
    await expect
      .poll(async () => (await recipients(c.id)).filter((r: { status: string }) => r.status === "delivered").length, { timeout: 15_000 })
      .toBe(4)
    const csv = shaped(
      tc("downloadTemplateCampaign"),
      (await send(ctx.url, tc("downloadTemplateCampaign"), { id: c.id }, h.admin)).body,
    ).data
    const lines = csv.csv.trim().split("\r\n")
    expect(lines[0]).toBe("number,status,reason,parameters,sent_at,delivered_at,read_at")
    expect(lines).toHaveLength(6)
    expect(lines[2]).toMatch(new RegExp(`^"'\\${people[1]}",skipped,`))
    expect(csv.file_name).toBe(`Autumn-${c.id}.csv`)
    // The streamed report (ours): the same recipients, written as read; the console makes the same lines from them.
    const streamed = await send(ctx.url, callOf("templateTools", "campaignReportRows"), { id: c.id }, h.admin)
    expect(streamed.status).toBe(200)
    const items = shaped(callOf("templateTools", "campaignReportRows"), streamed.body).data.items
    expect(items.map((r: { number: string }) => r.number)).toEqual(people)
    expect([CAMPAIGN_CSV_HEADER, ...items.map(campaignCsvLine)]).toEqual(lines)
  })

  it("holds the send rate by spacing the queue's jobs", async () => {
    const made = await create({
      name: "Paced",
      template_name: "promo_ready",
      language: "en",
      numbers: numbersFrom(2_100_000, 20),
      params: ["Ayşe", "A-1"],
      rate_per_second: 10,
      start: true,
    })
    expect(made.body.data.status).toBe("running")
    // One batch of ten per second: the queue hands out ten a second, whatever the number of workers.
    const due = rowsOf(
      await db().execute(sql`SELECT extract(epoch FROM run_at) * 1000 AS at, (payload ->> 'size')::int AS size FROM jobs
        WHERE kind = 'campaign.batch' AND (payload ->> 'campaign_id')::int = ${made.body.data.id} ORDER BY run_at`),
    )
    expect(due.map((r) => Number(r.size))).toEqual([10, 10])
    expect(Number(due[1].at) - Number(due[0].at)).toBeCloseTo(1000, 0)
    clock.advance(2000)
    await run()
    await run()
    expect(await campaign(made.body.data.id)).toMatchObject({ status: "completed", sent: 20 })
  })

  it("pauses itself with the reason on an empty balance, and finishes after a top-up and resume", async () => {
    const balance = Number((await send(ctx.url, callOf("auth", "getClientBalance"), {}, h.admin)).body.data.balance)
    const price = async (n: number) =>
      send(ctx.url, callOf("templateTools", "templatePriceSet"), { category: "UTILITY", price: n }, h.superadmin)
    await price(Math.ceil(balance) + 1)
    const made = await create({
      name: "Broke",
      template_name: "promo_ready",
      language: "en",
      numbers: numbersFrom(2_200_000, 3),
      params: ["Ayşe", "A-1"],
      rate_per_second: null,
      start: true,
    })
    await run()
    const paused = await campaign(made.body.data.id)
    expect(paused).toMatchObject({ status: "paused", sent: 0, queued: 3 })
    expect(paused.status_reason).toContain("does not cover")
    await price(0.02)
    expect((await status(made.body.data.id, "running")).body.data.status).toBe("running")
    await run()
    await run()
    expect(await campaign(made.body.data.id)).toMatchObject({ status: "completed", sent: 3, status_reason: null })
  })

  it("refuses every transition the status does not allow with a 409 naming the current status", async () => {
    const base = { template_name: "promo_ready", language: "en", params: ["A", "B"], rate_per_second: null }
    const d = (await create({ ...base, name: "Draft one", numbers: numbersFrom(2_300_000, 2) })).body.data
    for (const to of ["running", "paused", "stopped"]) {
      const refused = await status(d.id, to)
      expect(refused.status).toBe(409)
      expect(refused.body.error).toMatchObject({ code: "CAMPAIGN_STATUS" })
      expect(refused.body.error.message).toContain("is draft")
    }
    expect((await send(ctx.url, tc("templateRetryCampaign"), { id: d.id }, h.admin)).body.error.message).toContain("is draft")
    const later = (
      await create({ ...base, name: "Later", numbers: numbersFrom(2_310_000, 2), scheduled_at: "2099-01-01T00:00:00Z", start: true })
    ).body.data
    expect(later.status).toBe("scheduled")
    expect((await status(later.id, "paused")).body.error.message).toContain("is scheduled")
    const edited = await send(ctx.url, cc("campaignUpdateById"), { id: later.id, name: "Later still" }, h.admin)
    expect(edited.body.data).toMatchObject({ name: "Later still", status: "scheduled" })
    const r = (await create({ ...base, name: "Running", numbers: numbersFrom(2_320_000, 2), rate_per_second: 1, start: true })).body.data
    expect(r.status).toBe("running")
    expect((await status(r.id, "scheduled")).body.error.message).toContain("is running")
    expect((await send(ctx.url, cc("campaignUpdateById"), { id: r.id, name: "Renamed" }, h.admin)).body.error.message).toContain(
      "is running",
    )
    expect((await send(ctx.url, tc("templateDeleteCampaign"), { id: r.id }, h.admin)).body.error.message).toContain("is running")
    expect((await status(r.id, "paused")).body.data.status).toBe("paused")
    expect((await status(r.id, "paused")).body.error.message).toContain("is paused")
    const stopped = await send(ctx.url, tc("stopTemplateMessage"), { campaign_id: r.id }, h.admin)
    expect(stopped.body.data).toMatchObject({ status: "stopped", queued: 0, skipped: 2 })
    for (const to of ["running", "paused", "stopped", "scheduled"])
      expect((await status(r.id, to)).body.error.message).toContain("is stopped")
    expect((await send(ctx.url, tc("templateRetryCampaign"), { id: r.id }, h.admin)).body.error.message).toContain("is stopped")
    const rejected = await create({
      ...base,
      template_name: "promo_pending",
      name: "Rejected",
      numbers: numbersFrom(2_330_000, 1),
      start: true,
    })
    expect(rejected.status).toBe(409)
    expect(rejected.body.error.code).toBe("TEMPLATE_STATUS")
    expect((await send(ctx.url, tc("templateDeleteCampaign"), { id: d.id }, h.admin)).status).toBe(200)
    const current = await send(ctx.url, cc("templateCurrentCampaigns"), {}, h.admin)
    expect(current.body.data.map((c: { name: string }) => c.name)).toContain("Later still")
  })

  it("takes over a batch killed halfway: every recipient sent once, none lost", async () => {
    const numbers = numbersFrom(2_400_000, 30)
    const c = (
      await create({
        name: "Crash",
        template_name: "promo_ready",
        language: "en",
        numbers,
        params: ["A", "B"],
        rate_per_second: 10,
        start: true,
      })
    ).body.data
    // A worker claimed the first batch, sent half of it inside its transaction and died (kill -9): PostgreSQL rolls the
    // transaction back, and the job's expired lease is all that is left.
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE jobs SET status = 'running', locked_by = 'dead:worker', locked_until = now() - interval '1 second',
          attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE kind = 'campaign.batch' AND (payload ->> 'campaign_id')::int = ${c.id}
          ORDER BY run_at LIMIT 1)`)
        await tx.execute(sql`UPDATE campaign_recipients SET status = 'sent' WHERE id IN (SELECT id FROM campaign_recipients
          WHERE campaign_id = ${c.id} ORDER BY id LIMIT 5)`)
        throw new Error("kill -9")
      })
      .catch(() => undefined)
    await db().execute(sql`UPDATE jobs SET status = 'running', locked_by = 'dead:worker', locked_until = now() - interval '1 second',
      attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE kind = 'campaign.batch' AND (payload ->> 'campaign_id')::int = ${c.id}
      ORDER BY run_at LIMIT 1)`)
    await run()
    clock.advance(5000)
    await run()
    await run()
    expect(await campaign(c.id)).toMatchObject({ status: "completed", sent: 30, queued: 0, failed: 0 })
    const counts = await Promise.all(numbers.map(messagesTo))
    expect(counts.every((n) => n === 1)).toBe(true)
    // One ledger entry per batch, naming the campaign and its recipients.
    const entries = rowsOf(await db().execute(sql`SELECT ref FROM billing_ledger WHERE ref LIKE ${`campaign:${c.id}:recipients:%`}`))
    expect(entries).toHaveLength(3)
    expect(entries.flatMap((e) => String(e.ref).split(":")[3].split(","))).toHaveLength(30)
  })

  it("pauses when the balance runs out inside a batch, with nothing of that batch charged or sent", async () => {
    const price = async (n: number) =>
      send(ctx.url, callOf("templateTools", "templatePriceSet"), { category: "UTILITY", price: n }, h.superadmin)
    const balance = Number((await send(ctx.url, callOf("auth", "getClientBalance"), {}, h.admin)).body.data.balance)
    // The balance covers fifteen messages: the first batch of ten, not the second.
    await price(Math.floor((balance / 15) * 100) / 100)
    const c = (
      await create({
        name: "Runs dry",
        template_name: "promo_ready",
        language: "en",
        numbers: numbersFrom(2_450_000, 30),
        params: ["A", "B"],
        rate_per_second: 10,
        start: true,
      })
    ).body.data
    clock.advance(5000)
    await run()
    await run()
    const paused = await campaign(c.id)
    expect(paused).toMatchObject({ status: "paused", sent: 10, queued: 20 })
    expect(paused.status_reason).toContain("does not cover")
    const entries = rowsOf(await db().execute(sql`SELECT ref FROM billing_ledger WHERE ref LIKE ${`campaign:${c.id}:recipients:%`}`))
    expect(entries).toHaveLength(1)
    await price(0.02)
    await topUp(10)
    expect((await status(c.id, "running")).body.data.status).toBe("running")
    clock.advance(5000)
    await run()
    await run()
    expect(await campaign(c.id)).toMatchObject({ status: "completed", sent: 30, queued: 0 })
  })

  it("refuses a campaign above the account's campaign size with the limit named", async () => {
    await send(ctx.url, callOf("security", "postAccountLimits"), { client_id: 1, key: "campaign_size", limit: 2 }, h.superadmin)
    const big = await create({ name: "Too big", template_name: "promo_ready", language: "en", numbers: numbersFrom(2_500_000, 3) })
    expect(big.status).toBe(403)
    expect(big.body.error.code).toBe("LIMIT_REACHED")
    await send(ctx.url, callOf("security", "postAccountLimits"), { client_id: 1, key: "campaign_size", limit: 1_000_000 }, h.superadmin)
  })

  it("keeps tenants apart; the super admin's forms act on the tenant named", async () => {
    const mine = (await create({ name: "Mine", template_name: "promo_ready", language: "en", numbers: numbersFrom(2_600_000, 1) })).body
      .data
    for (const [call, body] of [
      [tc("changeCampaignStatus"), { id: mine.id, status: "scheduled" }],
      [tc("templateRetryCampaign"), { id: mine.id }],
      [tc("templateDeleteCampaign"), { id: mine.id }],
      [tc("stopTemplateMessage"), { campaign_id: mine.id }],
      [tc("downloadTemplateCampaign"), { id: mine.id }],
      [callOf("templateTools", "campaignReportRows"), { id: mine.id }],
      [tc("templateRecipientNumbers"), { campaign_id: mine.id }],
      [cc("campaignUpdateById"), { id: mine.id, name: "Theirs" }],
    ] as const)
      expect((await send(ctx.url, call, body, h.admin2)).status).toBe(404)
    const theirs = await send(ctx.url, tc("templateCampaign"), {}, h.admin2)
    expect(theirs.body.data.items.map((c: { id: number }) => c.id)).not.toContain(mine.id)
    const all = await send(ctx.url, tc("templateCampaignAdmin"), { client_id: 1, limit: 1000 }, h.superadmin)
    expect(all.body.data.items.map((c: { id: number }) => c.id)).toContain(mine.id)
    expect((await send(ctx.url, tc("templateCampaignAdmin"), { client_id: 1 }, h.admin)).status).toBe(403)
    const forTwo = await send(
      ctx.url,
      tc("templateCreateCampaignAdmin"),
      { client_id: 2, name: "For two", template_name: "promo_ready", language: "en", numbers: numbersFrom(2_700_000, 1) },
      h.superadmin,
    )
    expect(forTwo.status).toBe(404)
    expect((await send(ctx.url, tc("templateDeleteCampaignAdmin"), { client_id: 1, id: mine.id }, h.superadmin)).status).toBe(200)
    const list = await send(
      ctx.url,
      tc("templateRecipientsCreateAdmin"),
      { client_id: 2, name: "Admin made", numbers: [{ number: "+905321119999" }] },
      h.superadmin,
    )
    expect(list.body.data.client_id).toBe(2)
    expect((await send(ctx.url, tc("templateRecipients"), {}, h.admin2)).body.data.items.map((l: { name: string }) => l.name)).toContain(
      "Admin made",
    )
  })
})
