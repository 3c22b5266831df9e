/**
 * SMS over real SMPP against the simulator SMSC, on both databases: what a tenant sends arrives at the SMSC in the
 * right encoding and parts, receipts turn rows delivered or failed, and the gateway rides out a refused bind, throttling,
 * a receipt for an unknown id and a dropped connection without sending anything twice. Tenants stay apart and send
 * only with approved masks; gateway secrets never come back.
 */
import { sql } from "drizzle-orm"
import { beforeAll, beforeEach, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, callOf, devFetch, send, shaped, useServer } from "../../testing/harness"
import { debit } from "../billing/ledger"
import { adjustment } from "../billing/ledger-reason"
import { enqueue } from "../../core/jobs"
import { closeGateway, gatewayOf } from "./gateway"
import { schedules } from "./send"
import { type SmsWorld, sms, smsWorld, smsc, smscMessages, waitForBatch } from "./sms.testing"

const allDone = (items: { status: string }[]) => items.length > 0 && items.every((m) => m.status === "delivered" || m.status === "failed")

describe.each(DB_KINDS)("SMS over SMPP on %s", (kind) => {
  const ctx = useServer(kind, { jobs: { pollMs: 50 } })
  let world: SmsWorld
  beforeAll(async () => {
    world = await smsWorld(ctx.server)
  })
  beforeEach(async () => {
    await smsc(ctx.server, { reset: true, receiptDelayMs: 50 })
  })

  const sendSms = (payload: Record<string, unknown>, headers = world.admin) =>
    send(ctx.url, sms("smsSend"), { masking_id: world.maskId, ...payload }, headers)

  it("sends an Arabic text in concatenated UCS-2 parts and a Latin one in GSM-7; receipts make both delivered", async () => {
    const arabic = "مرحبا، هذه رسالة تجريبية طويلة بما يكفي لتنقسم إلى جزأين عند إرسالها عبر الرسائل القصيرة اليوم"
    expect(arabic.length).toBeGreaterThan(70)
    const sent = await sendSms({ to: ["+905550000101"], text: arabic })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    shaped(sms("smsSend"), sent.body)
    expect(sent.body.data).toMatchObject({ count: 1, parts: 2, encoding: "UCS-2", cost: 0.1 })
    const latin = await sendSms({ to: ["905550000102", "+905550000102"], text: "Your code is ready {ok} €5" })
    expect(latin.body.data).toMatchObject({ count: 1, parts: 1, encoding: "GSM-7" })

    const report = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    expect(report.items[0]).toMatchObject({ status: "delivered", parts: 2, mask: "ACME", cost: 0.1, encoding: "UCS-2", sent_by: "admin" })
    await waitForBatch(ctx.server, world.admin, latin.body.data.batch_id, allDone)
    const got = await smscMessages(ctx.server, "905550000101")
    expect(got).toHaveLength(2)
    expect(got.map((m) => m.text).join("")).toBe(arabic)
    expect(got.every((m) => m.ucs2 && m.from === "ACME")).toBe(true)
    expect(got.map((m) => m.concat?.slice(1))).toEqual([
      [2, 1],
      [2, 2],
    ])
    const [gsm] = await smscMessages(ctx.server, "905550000102")
    expect(gsm).toMatchObject({ text: "Your code is ready {ok} €5", ucs2: false, concat: null })
  })

  it("lists with filters, paging and counts; a receipt saying UNDELIV fails the row", async () => {
    await smsc(ctx.server, { receiptStat: "UNDELIV", receiptDelayMs: 20 })
    const sent = await sendSms({ to: ["+905550000201", "+905550000202", "+905550000203"], text: "Filters" })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    expect(done.counts).toEqual({ queued: 0, sent: 0, delivered: 0, failed: 3 })
    expect(done.items[0].error).toContain("UNDELIV")
    const page = await send(ctx.url, sms("smsMessages"), { status: "failed", number: "90555000020", limit: 2, page: 1 }, world.admin)
    shaped(sms("smsMessages"), page.body)
    expect(page.body.data.totalItems).toBe(3)
    expect(page.body.data.items).toHaveLength(2)
    const byMask = await send(ctx.url, sms("smsMessages"), { mask: "NOPE" }, world.admin)
    expect(byMask.body.data.totalItems).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    const byDay = await send(ctx.url, sms("smsMessages"), { start_date: today, end_date: today, number: "+905550000201" }, world.admin)
    expect(byDay.body.data.totalItems).toBe(1)
  })

  it("refuses unapproved masks, other tenants' masks and approvals by tenants; tenants never see each other's SMS", async () => {
    const pending = await send(ctx.url, sms("smsClientMaskingAdd"), { sms_client_id: world.accountId, mask: "PENDING1" }, world.admin)
    expect(pending.body.data.status).toBe("pending")
    const refused = await sendSms({ masking_id: pending.body.data.id, to: ["+905550000301"], text: "Hi" })
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain("not approved")
    const selfApprove = await send(ctx.url, sms("smsClientMaskingUpdate"), { id: pending.body.data.id, status: "approved" }, world.admin)
    expect(selfApprove.status).toBe(403)
    const otherTenant = await sendSms({ to: ["+905550000302"], text: "Hi" }, world.admin2)
    expect(otherTenant.status).toBe(404)
    const theirMasks = await send(ctx.url, sms("smsClientMaskingAll"), {}, world.admin2)
    expect(theirMasks.body.data.items).toEqual([])
    const theirReport = await send(ctx.url, sms("smsMessages"), {}, world.admin2)
    expect(theirReport.body.data.totalItems).toBe(0)
    const foreignAccount = await send(ctx.url, sms("smsClientMaskingAdd"), { sms_client_id: world.accountId, mask: "STEAL" }, world.admin2)
    expect(foreignAccount.status).toBe(404)
    expect((await send(ctx.url, sms("smsProviderAll"), {}, world.admin)).status).toBe(403)
    const noRecipients = await sendSms({ text: "Hi" })
    expect(noRecipients.status).toBe(400)
    expect((await sendSms({ to: ["+905550000303"], text: "x".repeat(1601) })).status).toBe(400)
  })

  it("keeps gateway secrets sealed: never answered, not stored in clear", async () => {
    const list = await send(ctx.url, sms("smsProviderAll"), {}, world.superadmin)
    shaped(sms("smsProviderAll"), list.body)
    expect(JSON.stringify(list.body)).not.toContain("s3cret-pass")
    expect(list.body.data.find((p: { id: number }) => p.id === world.providerId)).toMatchObject({ has_secret: true, window: 10 })
    const accounts = await send(ctx.url, sms("smsClientAll"), {}, world.superadmin)
    expect(JSON.stringify(accounts.body)).not.toContain("account-pass")
    const db = ctx.server.services.database.db
    const [row] = rowsOf(await db.execute(sql`SELECT secret FROM sms_providers WHERE id = ${world.providerId}`))
    expect(String(row.secret)).toMatch(/^v1:/)
    expect(String(row.secret)).not.toContain("s3cret")
    const renamed = await send(ctx.url, sms("smsProviderUpdate"), { id: world.providerId, name: "Simulator renamed" }, world.superadmin)
    expect(renamed.body.data.has_secret).toBe(true)
  })

  it("a refused bind leaves the rows queued; once the SMSC binds again they go out once and are delivered", async () => {
    await smsc(ctx.server, { refuseBind: true })
    // A fresh link: drop the bound session so the next send must bind again.
    await devFetch(ctx.server, "/dev/sms/smsc/drop", {})
    const sent = await sendSms({ to: ["+905550000401"], text: "After a bind failure" })
    await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, (items) => items[0]?.error?.includes("ESME_RBINDFAIL") ?? false)
    expect((await smscMessages(ctx.server, "905550000401")).length).toBe(0)
    await smsc(ctx.server, { refuseBind: false })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone, 30_000)
    expect(done.items[0].status).toBe("delivered")
    expect((await smscMessages(ctx.server, "905550000401")).length).toBe(1)
  })

  it("throttling is retried with backoff and the message is submitted exactly once", async () => {
    await smsc(ctx.server, { throttleNext: 3 })
    const sent = await sendSms({ to: ["+905550000501"], text: "Throttled first" })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    expect(done.items[0].status).toBe("delivered")
    expect(await smscMessages(ctx.server, "905550000501")).toHaveLength(1)
  })

  it("a permanent SMPP error fails the row with its name", async () => {
    await smsc(ctx.server, { rejectWith: 0x0b })
    const sent = await sendSms({ to: ["+905550000601"], text: "Bad number" })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    expect(done.items[0]).toMatchObject({ status: "failed" })
    expect(done.items[0].error).toContain("ESME_RINVDSTADR")
  })

  /** The `sms.receipts` jobs that carry a receipt for this SMSC message id, oldest first. */
  const receiptJobs = async (messageId: string) =>
    rowsOf(
      await ctx.server.services.database.db.execute(sql`SELECT status, (payload->>'tries')::int AS tries FROM jobs
        WHERE kind = 'sms.receipts' AND payload::text LIKE ${`%"${messageId}"%`} ORDER BY id`),
    )
  const until = async (what: string, done: () => Promise<boolean>, ms = 8000) => {
    const end = Date.now() + ms
    while (!(await done())) {
      if (Date.now() > end) throw new Error(`never: ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  it("tries a receipt for an unknown id on the job queue, then logs and ignores it", async () => {
    const sent = await sendSms({ to: ["+905550000701"], text: "Bind first" })
    await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    const sink = gatewayOf(ctx.server.services).sink
    const before = sink.unknownReceipts
    const messageId = `no-such-id-${kind}`
    const reply = await devFetch(ctx.server, "/dev/sms/smsc/receipt", { messageId })
    expect(((await reply.json()) as { data: { sessions: number } }).data.sessions).toBeGreaterThan(0)
    // Three more tries, each a job about a second after the last.
    await until("the receipt given up", async () => sink.unknownReceipts > before)
    expect(sink.unknownReceipts).toBe(before + 1)
    expect(await receiptJobs(messageId)).toEqual([
      { status: "done", tries: 1 },
      { status: "done", tries: 2 },
      { status: "done", tries: 3 },
    ])
    const report = await send(ctx.url, sms("smsMessages"), { batch_id: sent.body.data.batch_id }, world.admin)
    expect(report.body.data.items[0].status).toBe("delivered")
  })

  it("applies a receipt that came before its message id was stored once the id is stored, across a restart of the gateway", async () => {
    const sent = await sendSms({ to: ["+905550000703"], text: "Bind first" })
    await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    const messageId = `late-id-${kind}`
    const reply = await devFetch(ctx.server, "/dev/sms/smsc/receipt", { messageId })
    expect(((await reply.json()) as { data: { sessions: number } }).data.sessions).toBeGreaterThan(0)
    // The first job found nothing either and queued the next try; then the gateway (and its sink) goes away.
    await until("a second try queued", async () => (await receiptJobs(messageId)).some((j) => j.tries === 2))
    await closeGateway(ctx.server.services)
    const database = ctx.server.services.database
    const batchId = `late-${kind}`
    await database.transaction(async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`INSERT INTO sms_messages (client_id, batch_id, mask, number, body, status, provider_id, sent_at)
          VALUES (1, ${batchId}, 'ACME', '+905550000704', 'Late id', 'sent', ${world.providerId}, now()) RETURNING id`),
      )
      await tx.execute(sql`INSERT INTO sms_parts (sms_message_id, provider_id, part_no, message_id)
        VALUES (${row.id}, ${world.providerId}, 1, ${messageId})`)
    })
    const done = await waitForBatch(ctx.server, world.admin, batchId, allDone, 8000)
    expect(done.items[0].status).toBe("delivered")
    expect((await receiptJobs(messageId)).map((j) => j.tries)).toEqual([1, 2])
  })

  it("a stopping server lets a dispatch in its throttle pause finish: the row ends sent, submitted once", async () => {
    await smsc(ctx.server, { throttleNext: 3 })
    const sent = await sendSms({ to: ["+905550000502"], text: "Sent while stopping" })
    const status = async () =>
      String(
        rowsOf(
          await ctx.server.services.database.db.execute(sql`SELECT status FROM sms_messages WHERE batch_id = ${sent.body.data.batch_id}`),
        )[0]?.status,
      )
    await until("the row handed to the gateway", async () => (await status()) === "submitting")
    // The dispatch in its pause: the SMSC throttled its first submit. (The row reads "submitting" from the claim's commit,
    // a moment before the job hands the dispatch to the gateway; the server's stop stops the jobs first.)
    await until("the first submit throttled", async () => ((await smsc(ctx.server)).settings as { throttleNext: number }).throttleNext < 3)
    // What the server's stop does, after the jobs, before it closes the database.
    await closeGateway(ctx.server.services)
    expect(await status()).toBe("sent")
    expect(await smscMessages(ctx.server, "905550000502")).toHaveLength(1)
  })

  it("reconnects after the SMSC drops the connection and keeps sending", async () => {
    const first = await sendSms({ to: ["+905550000801"], text: "Before the drop" })
    await waitForBatch(ctx.server, world.admin, first.body.data.batch_id, allDone)
    const dropped = (await (await devFetch(ctx.server, "/dev/sms/smsc/drop", {})).json()) as { data: { dropped: number } }
    expect(dropped.data.dropped).toBeGreaterThan(0)
    const second = await sendSms({ to: ["+905550000802"], text: "After the drop" })
    const done = await waitForBatch(ctx.server, world.admin, second.body.data.batch_id, allDone, 30_000)
    expect(done.items[0].status).toBe("delivered")
    expect(await smscMessages(ctx.server, "905550000802")).toHaveLength(1)
  })

  it("an SMSC that drops mid-window: what it took unanswered fails as maybe sent, what never reached it goes out once after the reconnect", async () => {
    await smsc(ctx.server, { answerThenDrop: 3 })
    // More than the 3 answered plus the link's window of 10 in flight: some can only leave after the reconnect.
    const numbers = Array.from({ length: 20 }, (_, i) => `+90555000${1100 + i}`)
    const sent = await sendSms({ to: numbers, text: "Mid-window" })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone, 25_000)
    const taken = await smscMessages(ctx.server)
    const failed = done.items.filter((m: { status: string }) => m.status === "failed")
    for (const item of done.items as { status: string; error: string | null; to: string }[]) {
      const atSmsc = taken.filter((m) => m.to === item.to.replace(/^\+/, ""))
      // Never twice at the SMSC; failed exactly when the SMSC took it without answering (it may have it).
      expect(atSmsc, item.to).toHaveLength(1)
      expect(item.status === "failed", item.to).toBe(!atSmsc[0].answered)
      if (item.status === "failed") expect(item.error).toContain("may already have it")
    }
    expect(done.items).toHaveLength(20)
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.length).toBeLessThanOrEqual(10)
    expect(done.items.filter((m: { status: string }) => m.status === "delivered").length).toBeGreaterThan(3)
  })

  it("never submits a row twice: a repeated job finds nothing queued; rows a dead process left submitting fail", async () => {
    const sent = await sendSms({ to: ["+905550000901"], text: "Exactly once" })
    const done = await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    const id = sent.body.data.messages[0].id
    // The same job again (a retry, or another process taking over an expired lease): its row is no longer queued.
    const database = ctx.server.services.database
    await database.transaction((tx) =>
      enqueue(tx, { kind: "sms.send", clientId: 1, payload: { ids: [id], round: 0 }, idempotencyKey: `again:${id}:${kind}` }),
    )
    await ctx.server.jobs.runDue()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await smscMessages(ctx.server, "905550000901")).toHaveLength(1)
    expect(done.items[0].status).toBe("delivered")

    // A row claimed by a process that died before the gateway answered: failed by the sweep, never sent again.
    const [row] = rowsOf(
      await database.db.execute(sql`INSERT INTO sms_messages (client_id, batch_id, mask, number, body, status, submitted_at)
        VALUES (1, 'crashed', 'ACME', '+905550000902', 'Lost', 'submitting', now() - interval '20 minutes') RETURNING id`),
    )
    await database.transaction((tx) => schedules[0].tick(tx, new Date(Date.now() + 120_000)))
    const [after] = rowsOf(await database.db.execute(sql`SELECT status, error FROM sms_messages WHERE id = ${row.id}`))
    expect(after.status).toBe("failed")
    expect(String(after.error)).toContain("not sent again")
    expect(await smscMessages(ctx.server, "905550000902")).toHaveLength(0)
  })

  it("an inbound SMS to a tenant's mask lands in that tenant's inbox on the SMS channel", async () => {
    const text = `Inbound reply ${kind}`
    const reply = await devFetch(ctx.server, "/dev/sms/smsc/inbound", { from: "905550001001", to: "ACME", text })
    expect(((await reply.json()) as { data: { sessions: number } }).data.sessions).toBeGreaterThan(0)
    const db = ctx.server.services.database.db
    const found = async () =>
      rowsOf(
        await db.execute(sql`SELECT m.client_id, c.channel FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.body = ${text} AND m.direction = 'in'`),
      )
    const until = Date.now() + 5000
    while ((await found()).length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await found()).toEqual([{ client_id: 1, channel: "sms" }])
  })
  it("debits each part the carrier accepted from the ledger (UAT numbers free); a balance that does not cover a send refuses it before anything is queued", async () => {
    const balance = async () => (await send(ctx.url, callOf("auth", "getClientBalance"), {}, world.admin)).body.data.balance as number
    const uat = await send(ctx.url, callOf("uat", "addUatCustomer"), { number: "+905550009902", name: "QA" }, world.admin)
    expect(uat.status).toBe(200)
    const before = await balance()
    const arabic = "مرحبا، هذه رسالة تجريبية طويلة بما يكفي لتنقسم إلى جزأين عند إرسالها عبر الرسائل القصيرة اليوم"
    const sent = await sendSms({ to: ["+905550009901", "+905550009902", "+905550009903"], text: arabic })
    expect(sent.body.data).toMatchObject({ count: 3, parts: 2 })
    await waitForBatch(ctx.server, world.admin, sent.body.data.batch_id, allDone)
    // Two paying numbers × 2 parts × 0.05; the UAT number costs nothing.
    expect(await balance()).toBeCloseTo(before - 0.2, 2)
    const entries = rowsOf(
      await ctx.server.services.database.db.execute(
        sql`SELECT amount::float8 AS amount, reason FROM billing_ledger WHERE client_id = 1 AND ref = ${`sms:${sent.body.data.batch_id}`}`,
      ),
    )
    expect(entries.reduce((sum, e) => sum + Number(e.amount), 0)).toBeCloseTo(-0.2, 2)
    expect(String(entries[0].reason)).toMatch(/^SMS: \d+ messages?, \d+ parts?$/)

    // Empty the balance: the next send is refused with 402, and nothing is stored, queued or submitted.
    const left = await balance()
    await ctx.server.services.database.transaction((tx) => debit(tx, 1, left, adjustment("Test: empty the balance")))
    const submitted = (await smsc(ctx.server)).submitted
    const refused = await sendSms({ to: ["+905550009904"], text: "Not covered" })
    expect(refused.status).toBe(402)
    expect(refused.body.error.code).toBe("INSUFFICIENT_BALANCE")
    expect(refused.body.error.message).toContain("1 SMS")
    const stored = rowsOf(await ctx.server.services.database.db.execute(sql`SELECT id FROM sms_messages WHERE number = '+905550009904'`))
    expect(stored).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await smsc(ctx.server)).submitted).toBe(submitted)
    // A UAT number still goes out with an empty balance: it costs nothing.
    expect((await sendSms({ to: ["+905550009902"], text: "Free" })).status).toBe(200)
    await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: Math.max(left, 0.01) }, world.superadmin)
  })
})
