/**
 * Every stored setting takes effect, on both databases, seen as the customer and the agents would see it: the away
 * message outside working hours in the tenant's time zone (once per conversation), texts in the tenant's language
 * and the tenant's own texts as written, auto-assign under the cap (two arrivals at once never exceed it; a freed
 * place takes the waiting one), the idle close with the session message on a controlled clock, the survey's question
 * and answer reaching the Customer Feedback report, and the Session Timeout screen and the settings as one rule. An edit
 * reaches the next message at once, or within TENANT_CACHE_TTL_MS when another server made it.
 */
import { sql } from "drizzle-orm"
import { describe, expect, it } from "vitest"
import { TENANT_CACHE_TTL_MS } from "../../core/tenant-cache"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, useServer } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"
import { customerText } from "./customer-texts"

const update = callOf("onboarding", "updateAllsettings")
const read = callOf("onboarding", "clientAllsettings")
const MINUTE = 60_000

/** What the customer's phone received (the simulator), oldest first. */
const phone = async (server: TestServer, number: string) =>
  (
    (await (await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)).json()) as {
      data: { items: { body: string }[] }
    }
  ).data.items.map((m) => m.body)

const localMinutes = (zone: string, at: Date) => {
  const [h, m] = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(at)
    .split(":")
  return Number(h) * 60 + Number(m)
}
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`
}
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const
/** Every day open from an hour before to an hour after now, read in `zone`. */
const openAroundNow = (zone: string) => {
  const now = localMinutes(zone, new Date())
  return DAYS.map((day) => ({ day, open: hhmm(now - 60), close: hhmm(now + 60) }))
}

describe.each(DB_KINDS)("settings that take effect on %s", (kind) => {
  const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) }
  const ctx = useServer(kind, { jobs: { autoStart: false, clock } })
  const admin = async () => as((await login(ctx.url, "admin")).user_token)
  // Until a round finds nothing: a job's follow-up (the say job's hand-over) may land just after the round that ran it.
  const settle = async () => {
    while ((await ctx.server.jobs.runDue()) > 0);
  }
  const writes = async (number: string, text: string) => {
    expect((await customerWrites(ctx.server, number, { text })).status).toBe(200)
    await settle()
  }
  const db = () => ctx.server.services.database.db
  const openOf = async (number: string) =>
    rowsOf(
      await db().execute(sql`SELECT c.id, c.status, c.assigned_user_id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
        WHERE ct.client_id = 1 AND ct.number = ${number} ORDER BY c.id`),
    ).map((r) => ({ id: Number(r.id), status: String(r.status), agent: r.assigned_user_id === null ? null : Number(r.assigned_user_id) }))

  it("sends the away message outside working hours in the tenant's time zone, once per conversation, in its language or as written", async () => {
    const h = await admin()
    const hours = openAroundNow("Asia/Tokyo")
    // Open now in Tokyo: nothing is sent.
    expect(
      (await send(ctx.url, update, { timezone: "Asia/Tokyo", working_hours: hours, away_message: null, language: "tr" }, h)).status,
    ).toBe(200)
    await writes("+905551110001", "Merhaba")
    expect(await phone(ctx.server, "+905551110001")).toEqual([])
    // The same hours read in New York (13–14 hours behind): closed now; the Turkish default, once however often they write.
    await send(ctx.url, update, { timezone: "America/New_York" }, h)
    await writes("+905551110002", "Merhaba")
    await writes("+905551110002", "Orada kimse var mı?")
    expect(await phone(ctx.server, "+905551110002")).toEqual([customerText("away", "tr")])
    // The tenant's own text goes as written.
    await send(ctx.url, update, { away_message: "Back Monday 9:00, Kerem" }, h)
    await writes("+905551110003", "Hello")
    expect(await phone(ctx.server, "+905551110003")).toEqual(["Back Monday 9:00, Kerem"])
    await send(ctx.url, update, { working_hours: [], away_message: null, language: "en", timezone: "UTC" }, h)
  })

  it("an edit made through another server reaches the next message once TENANT_CACHE_TTL_MS passed; this server's own edit at once", async () => {
    const h = await admin()
    const hours = openAroundNow("Asia/Tokyo")
    await send(ctx.url, update, { timezone: "Asia/Tokyo", working_hours: hours, away_message: "Away, another node's edit" }, h)
    await writes("+905551110050", "Hi")
    expect(await phone(ctx.server, "+905551110050")).toEqual([])
    // Another server's edit: straight to the table, this server not told (New York: closed now).
    await db().execute(sql`UPDATE client_settings SET value = '"America/New_York"'::jsonb WHERE client_id = 1 AND key = 'time_zone'`)
    await new Promise((resolve) => setTimeout(resolve, TENANT_CACHE_TTL_MS + 50))
    await writes("+905551110051", "Hi")
    expect(await phone(ctx.server, "+905551110051")).toEqual(["Away, another node's edit"])
    // This server's own edit: the very next message.
    await send(ctx.url, update, { timezone: "Asia/Tokyo" }, h)
    await writes("+905551110052", "Hi")
    expect(await phone(ctx.server, "+905551110052")).toEqual([])
    await send(ctx.url, update, { working_hours: [], away_message: null, timezone: "UTC" }, h)
  })

  it("confirms an opt-out to the customer in the tenant's language", async () => {
    const h = await admin()
    await send(ctx.url, update, { language: "ar" }, h)
    await writes("+905551110010", "STOP")
    expect(await phone(ctx.server, "+905551110010")).toEqual([customerText("optedOut", "ar")])
    await send(ctx.url, update, { language: "en" }, h)
  })

  it("auto-assigns to the online agent under the cap: two arrivals at once never exceed it, a freed place takes the waiting one", async () => {
    const h = await admin()
    const agent1 = await login(ctx.url, "agent1")
    const a1 = as(agent1.user_token)
    await db().execute(sql`UPDATE users SET online = false WHERE client_id = 1`)
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, a1)).status).toBe(200)
    const agentId = agent1.user_data.id
    // The chats agent1 holds (SMS threads have their own cap), and the chats' queue in its order.
    const held = async () =>
      Number(
        rowsOf(
          await db().execute(
            sql`SELECT count(*)::int AS n FROM conversations WHERE assigned_user_id = ${agentId} AND status IN ('active', 'ongoing') AND channel <> 'sms'`,
          ),
        )[0].n,
      )
    const before = await held()
    // Off: a new conversation waits in the queue.
    await writes("+905551110020", "Hi")
    expect((await openOf("+905551110020"))[0]).toMatchObject({ status: "unassigned", agent: null })

    await send(ctx.url, update, { auto_assign: true, max_chats_per_agent: before + 1 }, h)
    const [x, y] = await Promise.all([
      customerWrites(ctx.server, "+905551110021", { text: "Hi" }),
      customerWrites(ctx.server, "+905551110022", { text: "Hi" }),
    ])
    expect([x.status, y.status]).toEqual([200, 200])
    await settle()
    const both = [...(await openOf("+905551110021")), ...(await openOf("+905551110022"))]
    expect(both.filter((c) => c.agent === agentId)).toHaveLength(1)
    expect(await held()).toBe(before + 1)
    // agent1 closes the one it got: the longest-waiting conversation of the queue is its now.
    const waiting = async () =>
      rowsOf(
        await db().execute(sql`SELECT id FROM conversations WHERE client_id = 1 AND queued_at IS NOT NULL AND channel <> 'sms'
          ORDER BY queue_priority DESC, queued_at, id`),
      ).map((r) => Number(r.id))
    const queue = await waiting()
    expect(queue).toContain((await openOf("+905551110020"))[0].id)
    const mine = both.find((c) => c.agent === agentId)!
    expect((await send(ctx.url, callOf("chat", "chatClose"), { conversation_id: mine.id }, a1)).status).toBe(200)
    await settle()
    expect(await waiting()).toEqual(queue.slice(1))
    expect(await held()).toBe(before + 1)
    await send(ctx.url, update, { auto_assign: false }, h)
  })

  // Turning the idle close on also closes the demo world's old open conversations on the first sweep: a long test on PGlite.
  it("closes an idle conversation with the session message on the clock, asks the survey, and the answer reaches the report", async () => {
    const h = await admin()
    await send(ctx.url, update, { language: "ar", survey_enabled: true, session_timeout_minutes: 5, session_timeout_enabled: true }, h)
    // The Session Timeout screen shows the same rule, with the text the customer will get.
    const screen = await send(ctx.url, callOf("auth", "sessionFetch"), {}, h)
    expect(screen.body.data.session).toMatchObject({ enabled: true, timeout_minutes: 5, message: customerText("sessionClosed", "ar") })
    const number = "+905551110030"
    await writes(number, "مرحبا")
    clock.offset = 4 * MINUTE
    await settle()
    expect((await openOf(number))[0].status).not.toBe("closed")
    clock.offset = 6 * MINUTE
    await settle()
    expect((await openOf(number))[0].status).toBe("closed")
    expect(await phone(ctx.server, number)).toEqual([customerText("sessionClosed", "ar"), customerText("surveyQuestion", "ar")])
    // The answer stays in the closed conversation and is thanked for.
    await writes(number, "4")
    expect(await openOf(number)).toHaveLength(1)
    expect((await phone(ctx.server, number)).at(-1)).toBe(customerText("surveyThanks", "ar"))
    const report = await send(ctx.url, callOf("reports", "customerSurvey"), {}, h)
    expect(report.status).toBe(200)
    expect(report.body.data.items.find((r: { number: string }) => r.number === number)).toMatchObject({ rating: 4 })
    // A new message after that opens a new conversation as usual.
    await writes(number, "5")
    expect(await openOf(number)).toHaveLength(2)
    clock.offset = 0
    await send(ctx.url, update, { language: "en", survey_enabled: false, session_timeout_enabled: false }, h)
  }, 120_000)

  it("sends the tenant's own session message as written; an agent's close asks the survey too; the screen saves the same rule", async () => {
    const h = await admin()
    const saved = await send(
      ctx.url,
      callOf("auth", "sessionMessage"),
      { timeout_minutes: 45, message: "Chat closed, write again anytime." },
      h,
    )
    expect(saved.status).toBe(200)
    expect((await send(ctx.url, read, {}, h)).body.data).toMatchObject({ session_timeout_minutes: 45, session_timeout_enabled: true })
    const number = "+905551110040"
    await writes(number, "Hi")
    clock.offset = 46 * MINUTE
    await settle()
    expect(await phone(ctx.server, number)).toEqual(["Chat closed, write again anytime."])

    await send(ctx.url, update, { survey_enabled: true, session_timeout_enabled: false }, h)
    clock.offset = 0
    await writes("+905551110041", "Hi")
    const [open] = await openOf("+905551110041")
    expect((await send(ctx.url, callOf("chat", "chatClose"), { conversation_id: open.id }, h)).status).toBe(200)
    await settle()
    expect(await phone(ctx.server, "+905551110041")).toEqual([customerText("surveyQuestion", "en")])
    await send(ctx.url, update, { survey_enabled: false }, h)
  }, 60_000)
})
