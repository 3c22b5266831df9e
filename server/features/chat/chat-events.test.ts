/**
 * Chat events through the database (chat-bus.ts, chat-relay.ts): nothing leaves before the commit, nothing committed
 * is lost (a customer's message stored as its rows reaches the console in the console's form through the sweeper too),
 * and two nodes' interleaved events reach an agent once each.
 */
import { sql } from "drizzle-orm"
import type { Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { connect, next } from "../../testing/calls-peer"
import { customerWrites, DB_KINDS, login, useServer } from "../../testing/harness"
import { useNodes } from "../../testing/nodes"
import type { TestServer } from "../../testing/test-server"
import { type ChatWriter, emitChat } from "./chat-bus"
import { STALE_MS } from "./chat-relay"
import { receiveInbound } from "./receive"

/** A status event no real message has: its message id marks it. */
const marker = (messageId: number) => ({ conversation_id: 1, message_id: messageId, status: "read" as const })
let nextMarker = 900_000_000 + Math.floor(Math.random() * 1_000_000)

/** Writes one event in a transaction of its own; `relays: false` is a writer that dies right after its commit. */
const write = async (server: TestServer, messageId: number, outcome: { relays: boolean; commits: boolean }) => {
  const committed: (() => void)[] = []
  try {
    await server.services.database.transaction(async (tx) => {
      const writer: ChatWriter = { db: tx, services: server.services, afterCommit: (fn) => void committed.push(fn) }
      await emitChat(writer, 1, "chat:message-status", marker(messageId))
      if (!outcome.commits) throw new Error("rolled back")
    })
  } catch {
    return
  }
  if (outcome.relays) for (const fn of committed) fn()
}

const rowOf = async (server: TestServer, messageId: number) =>
  rowsOf(
    await server.services.database.db.execute(sql`SELECT id, relayed_at FROM chat_events
      WHERE client_id = 1 AND (payload ->> 'message_id')::bigint = ${messageId}`),
  )

describe.each(DB_KINDS)("chat events through the database on %s", (kind) => {
  const ctx = useServer(kind)
  let socket: Socket
  const heard: { seq: number; message_id: number }[] = []

  beforeAll(async () => {
    const agent = await login(ctx.server.url, "agent1")
    socket = await connect(ctx.server.url, agent.user_token)
    // A delivery state goes to the consoles that have its conversation open (chat-audience.ts).
    await socket.timeout(5000).emitWithAck("chat:watch", { all: false, conversation_ids: [1] })
    socket.on("chat:message-status", (p: { seq: number; message_id: number }) => void heard.push(p))
  })
  afterAll(() => socket?.close())

  it("an event of a rolled-back write never reaches a socket, not even through the sweeper", async () => {
    const rolledBack = nextMarker++
    const committed = nextMarker++
    await write(ctx.server, rolledBack, { relays: true, commits: false })
    expect(await rowOf(ctx.server, rolledBack)).toEqual([])
    // A later committed event arrives; past the sweeper's delay the rolled-back one still has not.
    const arrives = next(socket, "chat:message-status", (p: any) => p.message_id === committed, 10_000)
    await write(ctx.server, committed, { relays: true, commits: true })
    const event = await arrives
    const [row] = await rowOf(ctx.server, committed)
    expect(event.seq).toBe(Number(row.id))
    await new Promise((resolve) => setTimeout(resolve, STALE_MS + 2_000))
    expect(heard.filter((e) => e.message_id === rolledBack)).toEqual([])
    expect(heard.filter((e) => e.message_id === committed)).toHaveLength(1)
  })

  it("a committed event whose writer died before relaying reaches the agent through the sweeper, once", async () => {
    const orphan = nextMarker++
    const arrives = next(socket, "chat:message-status", (p: any) => p.message_id === orphan, 15_000)
    await write(ctx.server, orphan, { relays: false, commits: true })
    const [row] = await rowOf(ctx.server, orphan)
    expect(row.relayed_at).toBeNull()
    const started = Date.now()
    const event = await arrives
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALE_MS - 1_000)
    expect(event).toMatchObject({ seq: Number(row.id), ...marker(orphan) })
    // Marked relayed with the sweeper's commit: the next ticks do not send it again.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await rowOf(ctx.server, orphan))[0].relayed_at).not.toBeNull()
    expect(heard.filter((e) => e.message_id === orphan)).toHaveLength(1)
  })

  it("a customer's message whose writer died reaches the agent through the sweeper as the console reads it", async () => {
    const number = `+90555778${String(nextMarker++ % 10_000).padStart(4, "0")}`
    const body = `orphaned ${Date.now()}`
    const arrives = next(socket, "chat:message", (p: any) => p.message?.body === body, 15_000)
    await socket.timeout(5000).emitWithAck("chat:watch", { all: true, conversation_ids: [] })
    await ctx.server.services.database.transaction((tx) =>
      receiveInbound({ db: tx, services: ctx.server.services, afterCommit: () => {} }, 1, {
        channel: "whatsapp",
        number,
        name: "Orphan",
        type: "text",
        body,
        payload: {},
      }),
    )
    const event = await arrives
    expect(event.conversation).toMatchObject({ number, name: "Orphan", channel_type: "whatsapp", unread: 1 })
    expect(event.conversation).not.toHaveProperty("form")
    expect(event.message).toMatchObject({ body, direction: "inbound", type: "text", number })
  })
})

describe("chat events from two nodes", () => {
  const cluster = useNodes(2)
  let socket: Socket
  const heard: { seq: number; body: string }[] = []

  beforeAll(async () => {
    const agent = await login(cluster.nodes[0].url, "agent1")
    socket = await connect(cluster.nodes[0].url, agent.user_token)
    socket.on("chat:message", (p: { seq: number; message: { body: string } }) => void heard.push({ seq: p.seq, body: p.message.body }))
  })
  afterAll(() => socket?.close())

  it("interleaved customers' messages through both nodes reach the agent on node A, each under one seq of its own", async () => {
    const tag = `interleaved ${Date.now()}`
    const bodies = Array.from({ length: 16 }, (_, i) => `${tag} #${i}`)
    const replies = await Promise.all(
      bodies.map((text, i) => customerWrites(cluster.nodes[i % 2], `+90555779${String(i).padStart(4, "0")}`, { text })),
    )
    expect(replies.map((r) => r.status)).toEqual(bodies.map(() => 200))
    const deadline = Date.now() + 15_000
    const ours = () => heard.filter((e) => e.body.startsWith(tag))
    while (ours().length < bodies.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    // Past the sweeper's delay: a repeat would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, STALE_MS + 2_000))
    // The relay delivers at least once: when a relay's mark is late (a stalled database), the sweeper sends the event
    // again with its seq, and the console applies each seq once (src/machines/chat/chat-logic.ts `isNewSeq`). So each
    // seq carries one message, and the seqs carry each message once.
    const bySeq = new Map<number, Set<string>>()
    for (const event of ours()) bySeq.set(event.seq, (bySeq.get(event.seq) ?? new Set()).add(event.body))
    expect([...bySeq.values()].map((seen) => seen.size)).toEqual(bodies.map(() => 1))
    expect([...bySeq.values()].map((seen) => [...seen][0]).sort()).toEqual([...bodies].sort())
  })
})
