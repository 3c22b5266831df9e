/**
 * The chat outbox's guarantees over a real server and database: nothing leaves before its transaction commits, a send
 * answers with the channel's id after the commit, and a message committed but not handed over (its process died) is
 * handed over once by a worker, even when the dead process had already reached the channel. An answered send reaches
 * the consoles once, whole, in the transaction that records the channel's answer.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { wakeJobs } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { connect, pause, record } from "../../testing/calls-peer"
import { as, callOf, customerWrites, DB_KINDS, login, send, useServer } from "../../testing/harness"
import { chatHubOf } from "./chat-hub"
import { contactFor, openConversationOf } from "./chat-store"
import { handOverAfterCommit, handOverKey } from "./outbox"
import type { ChatWriter } from "./chat-bus"
import { queueOutbound } from "./outbound"

describe.each(DB_KINDS)("the chat outbox on %s", (kind) => {
  const ctx = useServer(kind)
  let userToken = ""
  let token: Record<string, string> = {}
  beforeAll(async () => {
    userToken = (await login(ctx.url, "agent1")).user_token
    token = as(userToken)
  })

  const services = () => ctx.server.services
  const phone = (number: string) => chatHubOf(services()).channel.received(1, "whatsapp", number)
  const statusOf = async (id: number) =>
    rowsOf(await services().database.db.execute(sql`SELECT status, external_id FROM messages WHERE id = ${id}`))[0]
  const until = async (check: () => Promise<boolean>, ms = 30_000) => {
    const end = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > end) throw new Error("timed out")
      wakeJobs(services())
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  /** Queues `text` to `number` in one transaction; `fail` rolls it back after the queueing. */
  const queue = (number: string, text: string, options: { fail?: boolean; answered?: boolean } = {}) => {
    const committed: (() => void)[] = []
    return services()
      .database.transaction(async (db) => {
        const writer: ChatWriter = { db, services: services(), afterCommit: (fn) => void committed.push(fn) }
        const contact = await contactFor(db, 1, "whatsapp", number)
        const conversation = await openConversationOf(db, 1, contact)
        const id = await queueOutbound(writer, 1, { conversation, type: "text", body: text, payload: {}, senderUserId: null })
        await handOverAfterCommit(writer, 1, [id], { answered: options.answered })
        if (options.fail) throw new Error("rolled back")
        return id
      })
      .then((id) => {
        for (const fn of committed) fn()
        return id
      })
  }
  /** The job of message `id` is due now (its writer's grace is over). */
  const dueNow = (id: number) =>
    services().database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE idempotency_key = ${`outbox:${id}`}`)

  it("an agent's send answers the channel's id after the commit; the phone shows it once and the message is sent", async () => {
    const number = "+905551230001"
    await customerWrites(ctx.server, number)
    const reply = await send(
      ctx.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [number], message: { text: "On its way" } } },
      token,
    )
    expect(reply.status).toBe(200)
    const [{ id }] = reply.body.data.message.messages
    const got = phone(number)
    expect(got.map((m) => m.body)).toEqual(["On its way"])
    expect(got[0].external_id).toBe(id)
    const [row] = rowsOf(await services().database.db.execute(sql`SELECT status FROM messages WHERE external_id = ${id}`))
    expect(row.status).toBe("sent")
  })

  it("a send whose transaction rolls back never reaches the channel, nor is stored", async () => {
    const number = "+905551230002"
    await customerWrites(ctx.server, number)
    await expect(queue(number, "Never", { fail: true })).rejects.toThrow("rolled back")
    // A later committed send goes: the worker ran, and the rolled-back one was not among its work.
    const id = await queue(number, "After")
    await until(async () => (await statusOf(id))?.status === "sent")
    expect(phone(number).map((m) => m.body)).toEqual(["After"])
    const stored = rowsOf(
      await services().database.db.execute(sql`SELECT body FROM messages m JOIN conversations c ON c.id = m.conversation_id
      JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number = ${number} AND m.direction = 'out'`),
    )
    expect(stored.map((r) => r.body)).toEqual(["After"])
  })

  it("committed, then its process died before the hand-off: a worker hands it over once", async () => {
    const number = "+905551230003"
    await customerWrites(ctx.server, number)
    // answered: the writer would hand it over itself right after the commit; it never does (it died).
    const id = await queue(number, "Survives", { answered: true })
    expect((await statusOf(id)).status).toBe("queued")
    expect(phone(number)).toEqual([])
    await dueNow(id)
    await until(async () => (await statusOf(id))?.status === "sent")
    expect(phone(number).map((m) => m.body)).toEqual(["Survives"])
  })

  it("died after the channel answered but before recording it: the repeat carries the same key and the phone shows it once", async () => {
    const number = "+905551230004"
    await customerWrites(ctx.server, number)
    const id = await queue(number, "Once", { answered: true })
    // What the dead process did: the hand-over reached the channel with the message's key.
    const first = await chatHubOf(services()).channel.send({
      clientId: 1,
      channel: "whatsapp",
      number,
      type: "text",
      body: "Once",
      payload: {},
      key: handOverKey(id),
    })
    await dueNow(id)
    await until(async () => (await statusOf(id))?.status === "sent")
    expect(phone(number).map((m) => m.body)).toEqual(["Once"])
    expect((await statusOf(id)).external_id).toBe(first.externalId)
  })

  it("an agent's send reaches the agent's console once, with the channel's id, in the transaction that records it", async () => {
    const number = "+905551230005"
    await customerWrites(ctx.server, number)
    const socket = await connect(ctx.url, userToken)
    const heard = record<{ message: { id: number; body: string; status: string; external_id: string | null } }>(socket, "chat:message")
    const sendText = (text: string) =>
      send(ctx.url, callOf("chat", "messagesSendText"), { type: "text", text: { to: [number], message: { text } } }, token)
    const heardOf = (body: string) => heard.filter((e) => e.message.body === body).map((e) => e.message)
    try {
      const reply = await sendText("Seen once")
      expect(reply.status).toBe(200)
      await until(async () => heardOf("Seen once").length > 0)
      await pause(1_500)
      expect(heardOf("Seen once")).toEqual([
        expect.objectContaining({ status: "sent", external_id: reply.body.data.message.messages[0].id }),
      ])
      // The announcement cannot be written: the update that records the channel's answer is rolled back with it.
      const db = services().database.db
      await db.execute(sql`ALTER TABLE chat_events ADD CONSTRAINT outbox_test_unshown
        CHECK (event <> 'chat:message' OR payload #>> '{message,body}' <> 'Not shown')`)
      expect((await sendText("Not shown")).status).not.toBe(200)
      await db.execute(sql`ALTER TABLE chat_events DROP CONSTRAINT outbox_test_unshown`)
      const [row] = rowsOf(await db.execute(sql`SELECT id, status, external_id FROM messages WHERE body = 'Not shown'`))
      expect(row).toMatchObject({ status: "queued", external_id: null })
      // The writer's lease on its job runs out (as a dead writer's does): a worker hands it over again with the same key,
      // records it and shows it, once.
      await db.execute(sql`UPDATE jobs SET locked_until = now() WHERE idempotency_key = ${`outbox:${row.id}`}`)
      await until(async () => heardOf("Not shown").length > 0)
      await pause(1_500)
      expect(heardOf("Not shown")).toEqual([expect.objectContaining({ id: Number(row.id), status: "sent" })])
      expect(phone(number).map((m) => m.body)).toEqual(["Seen once", "Not shown"])
    } finally {
      socket.close()
    }
  })
})
