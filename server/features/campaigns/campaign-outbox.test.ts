/**
 * A campaign's batch and the chat outbox on both databases: the channel gets a batch's messages only after the batch
 * committed (a batch rolled back hands nothing), and an outbox job stopped mid-way, or whose completion is lost after
 * the hand-over, hands each message to the channel once.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, devFetch, login, send, useServer } from "../../testing/harness"
import { chatHubOf } from "../chat/chat-hub"
import { draft } from "../templates/templates.testing"
import { cc, movableClock, numbersFrom, tc } from "./campaigns.testing"

describe.each(DB_KINDS)("campaign batches and the chat outbox on %s", (kind) => {
  const clock = movableClock()
  const ctx = useServer(kind, { jobs: { clock, autoStart: false } })
  const h: Record<string, Record<string, string>> = {}
  const db = () => ctx.server.services.database.db
  /** Runs what is due, then what its failures retry (the queue's backoff is a few seconds of the test's clock). */
  const runAll = async () => {
    await ctx.server.jobs.runDue()
    clock.advance(10_000)
    await ctx.server.jobs.runDue()
    // The schedule completes the campaign at its next tick.
    await ctx.server.jobs.runDue()
  }
  const phone = async (number: string): Promise<string[]> => {
    const res = await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
    return ((await res.json()).data.items as { body: string }[]).map((m) => m.body)
  }
  const start = async (name: string, numbers: readonly string[]) => {
    const made = await send(
      ctx.url,
      cc("campaignCreate"),
      { name, template_name: "outbox_ready", language: "en", numbers, params: ["A", "B"], rate_per_second: null, start: true },
      h.admin,
    )
    expect(made.status).toBe(200)
    return Number(made.body.data.id)
  }
  const campaign = async (id: number) =>
    ((await send(ctx.url, cc("fetchListCampaigns"), { limit: 1000 }, h.admin)).body.data.items as { id: number }[]).find((c) => c.id === id)
  /** The campaign's stored messages: still waiting for the outbox, and handed over (sent, or delivered by now). */
  const statusesOf = async (campaignId: number) => {
    const [row] = rowsOf(
      await db().execute(sql`SELECT count(*) FILTER (WHERE m.status = 'queued')::int AS queued,
          count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read') AND m.external_id IS NOT NULL)::int AS handed
        FROM campaign_recipients r JOIN messages m ON m.id = r.message_id WHERE r.campaign_id = ${campaignId}`),
    )
    return { queued: Number(row.queued), handed: Number(row.handed) }
  }
  /** The first completion (done mark) of a job of `kind` fails, as if the process died right before it. */
  const failFirstCompletion = async (kind: string, name: string) => {
    await db().execute(sql.raw(`CREATE SEQUENCE ${name}`))
    await db().execute(
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.status = 'done' AND OLD.status = 'running' AND NEW.kind = '${kind}' AND nextval('${name}') = 1 THEN
          RAISE EXCEPTION 'forced failure of %', NEW.kind;
        END IF;
        RETURN NEW;
      END $$`),
    )
    await db().execute(sql.raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION ${name}()`))
    return async () => {
      await db().execute(sql.raw(`DROP TRIGGER ${name} ON jobs`))
      await db().execute(sql.raw(`DROP FUNCTION ${name}()`))
    }
  }

  beforeAll(async () => {
    for (const name of ["admin", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
    await send(ctx.url, tc("templateMessageCreate"), draft("outbox_ready"), h.admin)
    await ctx.server.jobs.runDue()
    await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: 100, reason: "Outbox test" }, h.superadmin)
  })

  it("hands a batch's messages to the channel only after its commit: a batch rolled back hands nothing", async () => {
    const numbers = numbersFrom(3_100_000, 6)
    const restore = await failFirstCompletion("campaign.batch", "fail_first_batch")
    try {
      const id = await start("Rolled back", numbers)
      await ctx.server.jobs.runDue()
      // The batch stored its messages and its outbox job, then its commit failed: nothing was stored, nothing handed over.
      for (const n of numbers) expect(await phone(n)).toEqual([])
      expect(await statusesOf(id)).toEqual({ queued: 0, handed: 0 })
      expect(await campaign(id)).toMatchObject({ status: "running", queued: 6, sent: 0 })
      const [balance] = rowsOf(await db().execute(sql`SELECT count(*)::int AS n FROM billing_ledger WHERE ref LIKE ${`campaign:${id}:%`}`))
      expect(Number(balance.n)).toBe(0)
      await runAll()
      expect(await campaign(id)).toMatchObject({ status: "completed", sent: 6, queued: 0 })
      for (const n of numbers) expect(await phone(n)).toEqual(["Hello A, your order B ships today."])
      expect(await statusesOf(id)).toEqual({ queued: 0, handed: 6 })
    } finally {
      await restore()
    }
  })

  it("hands each message once when the outbox job stops mid-way and when its completion is lost after the hand-over", async () => {
    const numbers = numbersFrom(3_200_000, 6)
    const channel = chatHubOf(ctx.server.services).channel
    const real = channel.send
    let calls = 0
    // The channel fails the third hand-over: the job stops there and retries.
    const spy = vi.spyOn(channel, "send").mockImplementation(async (message) => {
      calls++
      if (calls === 3) throw new Error("The channel is down")
      return real(message)
    })
    // And the retry's completion is lost after it handed the rest over (a process dying before its done mark).
    const restore = await failFirstCompletion("chat.outbox", "fail_first_outbox")
    try {
      const id = await start("Stops mid-way", numbers)
      await ctx.server.jobs.runDue()
      // What the channel took is marked sent with the channel's id; the refused one waits for the retry.
      expect(await statusesOf(id)).toEqual({ queued: 1, handed: 5 })
      const onPhones = await Promise.all(numbers.map(phone))
      expect(onPhones.filter((m) => m.length === 1)).toHaveLength(5)
      expect(onPhones.filter((m) => m.length === 0)).toHaveLength(1)
      clock.advance(10_000)
      await ctx.server.jobs.runDue()
      clock.advance(10_000)
      await ctx.server.jobs.runDue()
      for (const n of numbers) expect(await phone(n)).toEqual(["Hello A, your order B ships today."])
      expect(await statusesOf(id)).toEqual({ queued: 0, handed: 6 })
      expect(calls).toBe(7)
      const jobs = rowsOf(
        await db().execute(sql`SELECT status, attempts FROM jobs WHERE kind = 'chat.outbox' AND payload -> 'message_ids' @> (
          SELECT to_jsonb(min(message_id)) FROM campaign_recipients WHERE campaign_id = ${id})`),
      )
      expect(jobs).toEqual([{ status: "done", attempts: 3 }])
    } finally {
      spy.mockRestore()
      await restore()
    }
  })
})
