/**
 * The chatbot runtime on both databases, driven as customers and agents would: a customer walks a bot and reaches an
 * agent, every bot message in the agent's thread marked as the bot's; a restart mid-flow resumes where the customer
 * was; two job runners give one reply; a conversation an agent holds gets no bot answer (only their away message, once);
 * the reports count the paths; a turn or a hand-over to the channel that fails and is retried still answers once.
 */
import type { PGlite } from "@electric-sql/pglite"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { salesFlow } from "../../../src/contract/chatbots/flows.testing"
import { startJobs } from "../../core/job-runner"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send } from "../../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../../testing/test-server"
import { jobHandlers as deliverHandlers } from "../chat/outbox"
import { jobHandlers } from "./bot-runtime"

const phone = async (server: TestServer, number: string) =>
  (
    (await (await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)).json()) as {
      data: { items: { type: string; body: string }[] }
    }
  ).data.items.map((m) => m.body)

const menuBot = {
  name: "Sales menu",
  trigger: { type: "keyword", match: "contains", keywords: ["menu"] },
  channel_type: "whatsapp",
  flow: salesFlow,
}

describe.each(DB_KINDS)("chatbot runtime on %s", (kind) => {
  let cluster: PostgresCluster | null = null
  beforeAll(async () => {
    if (kind === "postgres") cluster = await startPostgres()
  }, 120_000)
  afterAll(async () => {
    await cluster?.stop()
  })
  const jobs = { autoStart: false }
  const boot = async () => {
    const url = cluster ? await cluster.createDatabase() : ""
    const server = cluster ? await startTestServer({ databaseUrl: url, jobs }) : await startTestServer({ jobs })
    const admin = as((await login(server.url, "admin")).user_token)
    const bot = await send(server.url, callOf("chatbots", "createAutoreply"), menuBot, admin)
    expect(bot.status).toBe(200)
    return { url, server, admin, botId: bot.body.data.id as number }
  }
  const restart = async (server: TestServer, url: string) => {
    if (url) {
      await server.stop()
      return startTestServer({ databaseUrl: url, jobs })
    }
    const copy = (await server.services.database.pglite!.clone()) as PGlite
    await server.stop()
    return startTestServer({ pglite: copy, jobs })
  }
  const writes = async (server: TestServer, number: string, text: string) => {
    expect((await customerWrites(server, number, { text })).status).toBe(200)
    await server.jobs.runDue()
  }

  it("walks a customer through the bot to an agent: replies on their phone, the bot's marks in the thread, answers kept, paths counted", async () => {
    const { server, admin, botId } = await boot()
    try {
      const number = "+905550000101"
      await writes(server, number, "Hello")
      expect(await phone(server, number)).toEqual([])
      await writes(server, number, "Show me the menu")
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?"])
      await writes(server, number, "sales")
      await writes(server, number, "not an address")
      await writes(server, number, "Ana@Example.com")
      expect(await phone(server, number)).toEqual([
        "Welcome! What can we do for you?",
        "Your e-mail?",
        "That is not an e-mail",
        "Thanks, a sales agent will write to you",
      ])
      // Handed off: the bot says nothing more.
      await writes(server, number, "menu")
      expect(await phone(server, number)).toHaveLength(4)

      const agent = as((await login(server.url, "agent1")).user_token)
      const queue = await send(server.url, callOf("chat", "agentUnassignedConversations"), {}, agent)
      const conversation = queue.body.data.items.find((c: { number: string }) => c.number === number)
      expect(conversation).toMatchObject({ status: "unassigned" })
      const thread = await send(server.url, callOf("chat", "agentGetChat"), { conversation_id: conversation.id }, agent)
      const outbound = thread.body.data.items.filter((m: { direction: string }) => m.direction === "outbound")
      expect(outbound).toHaveLength(4)
      expect(outbound.every((m: { sender_kind?: string }) => m.sender_kind === "bot")).toBe(true)
      const menu = outbound.find((m: { body: string }) => m.body.startsWith("Welcome"))
      expect(menu.interactive.actions_list.buttons).toEqual([{ title: "Sales" }, { title: "Support" }])

      const [contact] = rowsOf(
        await server.services.database.db.execute(sql`SELECT ct.attributes,
          (SELECT json_agg(t.name) FROM contact_tags x JOIN tags t ON t.id = x.tag_id WHERE x.contact_id = ct.id) AS tags
          FROM contacts ct WHERE ct.client_id = 1 AND ct.number = ${number}`),
      )
      expect(contact.attributes).toMatchObject({ email: "ana@example.com" })
      expect(contact.tags).toContain("lead")

      const report = await send(server.url, callOf("reports", "autorepliesReport"), {}, admin)
      expect(report.body.data.items.find((r: { autoreply_id: number }) => r.autoreply_id === botId)).toMatchObject({
        triggered: 1,
        customers: 1,
      })
      const menus = await send(server.url, callOf("reports", "fetchCountMenu"), {}, admin)
      expect(menus.body.data).toEqual(
        expect.arrayContaining([
          { menu: "welcome", count: 2 },
          { menu: "email", count: 1 },
          { menu: "sales", count: 1 },
        ]),
      )
    } finally {
      await server.stop()
    }
  })

  it("resumes at the customer's node after a restart mid-flow", async () => {
    const booted = await boot()
    let server = booted.server
    try {
      const number = "+905550000102"
      await writes(server, number, "menu")
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?"])
      server = await restart(server, booted.url)
      // The customer picks by the list number after the restart; the bot answers from where it stopped.
      await writes(server, number, "2")
      expect(await phone(server, number)).toEqual(["A support agent will answer you shortly"])
    } finally {
      await server.stop()
    }
  })

  it("answers each message once with two job runners sharing the queue", async () => {
    const { server } = await boot()
    const second = startJobs(server.services, [...jobHandlers, ...deliverHandlers], [], { autoStart: false })
    try {
      const numbers = ["+905550000103", "+905550000104", "+905550000105", "+905550000106"]
      for (const number of numbers) expect((await customerWrites(server, number, { text: "menu" })).status).toBe(200)
      await Promise.all([server.jobs.runDue(), second.runDue(), server.jobs.runDue(), second.runDue()])
      for (const number of numbers) expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?"])
      const [jobsRow] = rowsOf(
        await server.services.database.db.execute(sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'done')::int AS done
          FROM jobs WHERE kind = 'chatbot.turn'`),
      )
      expect(jobsRow).toEqual({ n: 4, done: 4 })
    } finally {
      await second.stop()
      await server.stop()
    }
  })

  it("answers once when the turn fails before its commit and when the hand-over fails after the channel took the reply", async () => {
    const { server } = await boot()
    const db = server.services.database.db
    // Each job kind's first completion fails (sequences do not roll back): the turn after its writes, the hand-over
    // after the channel accepted the message.
    await db.execute(sql.raw("CREATE SEQUENCE fail_turn"))
    await db.execute(sql.raw("CREATE SEQUENCE fail_deliver"))
    await db.execute(
      sql.raw(`CREATE FUNCTION fail_first_completion() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.status = 'done' AND OLD.status = 'running' AND NEW.kind IN ('chatbot.turn', 'chat.outbox')
          AND nextval(CASE NEW.kind WHEN 'chatbot.turn' THEN 'fail_turn' ELSE 'fail_deliver' END) = 1 THEN
          RAISE EXCEPTION 'forced failure of %', NEW.kind;
        END IF;
        RETURN NEW;
      END $$`),
    )
    await db.execute(
      sql.raw("CREATE TRIGGER fail_first_completion BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION fail_first_completion()"),
    )
    const retryNow = async () => {
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE status = 'queued'`)
      await server.jobs.runDue()
    }
    try {
      const number = "+905550000108"
      await writes(server, number, "menu")
      // The turn failed: nothing reached the customer, its queued message rolled back with it.
      expect(await phone(server, number)).toEqual([])
      const [failed] = rowsOf(await db.execute(sql`SELECT status, last_error FROM jobs WHERE kind = 'chatbot.turn'`))
      expect(failed).toMatchObject({ status: "queued", last_error: expect.stringContaining("UPDATE jobs SET status = 'done'") })
      await retryNow()
      // The retried turn committed and the channel took its reply; the hand-over's completion then failed and retried.
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?"])
      await retryNow()
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?"])
      const jobs = rowsOf(
        await db.execute(sql`SELECT kind, status, attempts FROM jobs WHERE kind IN ('chatbot.turn', 'chat.outbox') ORDER BY id`),
      )
      expect(jobs).toEqual([
        { kind: "chatbot.turn", status: "done", attempts: 2 },
        { kind: "chat.outbox", status: "done", attempts: 2 },
      ])
      // The conversation moved on exactly once: the customer's choice meets the menu's state.
      await writes(server, number, "Sales")
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?", "Your e-mail?"])
      const statuses = rowsOf(
        await db.execute(sql`SELECT m.status FROM messages m JOIN conversations c ON c.id = m.conversation_id
        JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number = ${number} AND m.direction = 'out' ORDER BY m.id`),
      )
      expect(statuses.map((r) => r.status)).not.toContain("queued")
      expect(statuses).toHaveLength(2)
    } finally {
      await server.stop()
    }
  })

  it("never answers a conversation an agent holds; the agent's away message goes out once", async () => {
    const { server } = await boot()
    try {
      const number = "+905550000107"
      const agent = await login(server.url, "agent1")
      const h = as(agent.user_token)
      await writes(server, number, "menu")
      // agent1 answers, and so holds the conversation.
      const reply = await send(
        server.url,
        callOf("chat", "messagesSendText"),
        { text: { to: [number], message: { text: "Kerem here" } } },
        h,
      )
      expect(reply.status).toBe(200)
      await writes(server, number, "Sales")
      expect(await phone(server, number)).toEqual(["Welcome! What can we do for you?", "Kerem here"])
      const away = {
        name: "Away",
        trigger: { type: "first_message" },
        channel_type: "whatsapp",
        flow: {
          start: "m",
          nodes: [
            { id: "m", kind: "message", text: "Kerem is away until 14:00", next: "h" },
            { id: "h", kind: "handoff" },
          ],
        },
      }
      expect((await send(server.url, callOf("chatbots", "createSelfAutoreply"), away, h)).status).toBe(200)
      await writes(server, number, "Are you there?")
      await writes(server, number, "Hello?")
      expect((await phone(server, number)).slice(2)).toEqual(["Kerem is away until 14:00"])
    } finally {
      await server.stop()
    }
  })
})
