/**
 * The real-time chat events (src/contract/chat-events.ts): a socket of a user holding BACK:chat joins its audience
 * rooms (chat-audience.ts: who hears which event); events go to theirs only (`toRoom`), and a durable one only after
 * the write that caused it committed.
 *
 * `emitChat(writer, ...)` writes the event as a row of `chat_events` (migration 0037) in the writer's own transaction,
 * so it exists if and only if the change commits; its id is the event's `seq` (one database sequence: never a process
 * counter, so two nodes' events never collide, though they may arrive out of order — the console applies each seq once,
 * in any order). Right after the commit the writer relays its rows (emit, then an UPDATE marks them relayed, one for
 * the rows of every writer that committed within a few milliseconds); rows a dead writer left behind are relayed by
 * the sweeper (chat-relay.ts) on the job runner. A relay may repeat an event (the writer died between the emit and the
 * mark): the console drops a seq it applied. `chat:typing` is not stored: it goes out at once with seq 0 (ephemeral,
 * not ordered against records). An event the database reads in the statement that stores it (`emitChatRead`) may be
 * stored in another form than the console's, which the relay turns into the console's (`storedForm`).
 */
import { type SQL, sql } from "drizzle-orm"
import type { Server } from "socket.io"
import {
  CHAT_BATCH,
  type ChatBatch,
  type ChatBatchItem,
  type ChatToBrowser,
  type ChatToBrowserEvent,
} from "../../../src/contract/chat-events"
import { backKey } from "../../../src/contract/routes"
import { type Database, type Db, onCommitOf } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"
import { executePrepared } from "../../db/prepared"
import type { Ctx, Services } from "../../http/context"
import type { SocketFeature } from "../../realtime/socket"
import { chatEventRooms, joinChatAudience } from "./chat-audience"
import { eventsRelayed } from "./hooks"

export const CHAT_KEY = backKey("chat")

export type ChatPayload<E extends ChatToBrowserEvent> = Omit<ChatToBrowser[E], "seq">

/** The one place a chat event meets the socket rooms (the payload was typed at `emitChat`, stored rows as JSON). */
const toRoom = <E extends ChatToBrowserEvent>(io: Server, clientId: number, event: E, payloadWithSeq: { seq: number }) =>
  io.to(chatEventRooms(clientId, event, payloadWithSeq as unknown as ChatPayload<E>)).emit(event, payloadWithSeq)

/** Who writes an event: the transaction of the change (or the database outside one) and what runs after its commit. */
export interface ChatWriter {
  readonly db: Db
  readonly services: Services
  readonly afterCommit: (fn: () => void) => void
}

/** A stored event, ready to relay. */
export interface ChatEventRow {
  readonly id: number
  readonly clientId: number
  readonly event: ChatToBrowserEvent
  readonly payload: Record<string, unknown>
}

/** Each transaction's events not relayed yet (its relay is registered with the first). */
const pending = new WeakMap<Db, ChatEventRow[]>()

/** How a payload stored in another form than the console's reaches it, by the form's name (`storedForm`). */
const forms = new Map<string, (services: Services, payload: Record<string, unknown>) => Record<string, unknown>>()

/**
 * Names a form an event may be stored in (`{ form: name, ... }`, written by `emitChatRead`) and how it becomes the
 * console's payload when relayed, by its writer or by the sweeper: a module registers its forms when it loads.
 */
export const storedForm = (name: string, toConsole: (services: Services, payload: Record<string, unknown>) => Record<string, unknown>) => {
  forms.set(name, toConsole)
  return name
}

const consolePayload = (services: Services, payload: Record<string, unknown>) =>
  forms.get(String(payload.form))?.(services, payload) ?? payload

/**
 * THE way to tell the consoles: stores durable events (one, or a list of the same kind in one INSERT) in the writer's
 * transaction and relays them after the commit; `chat:typing` goes out now.
 */
export const emitChat = async <E extends ChatToBrowserEvent>(
  writer: ChatWriter,
  clientId: number,
  event: E,
  payload: ChatPayload<E> | readonly ChatPayload<E>[],
): Promise<void> => {
  const payloads = (Array.isArray(payload) ? payload : [payload]) as readonly Record<string, unknown>[]
  if (payloads.length === 0) return
  if (event === "chat:typing") {
    const io = writer.services.realtime?.io
    if (io) for (const one of payloads) toRoom(io, clientId, event, { seq: 0, ...one })
    return
  }
  // Ids are drawn in the rows' order, so the nth lowest id is the nth payload's.
  const ids = rowsOf(
    await executePrepared(
      writer.db,
      sql`INSERT INTO chat_events (client_id, event, payload)
      SELECT ${clientId}, ${event}, e FROM jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) WITH ORDINALITY AS x(e, n)
      ORDER BY n RETURNING id`,
    ),
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b)
  relayAfterCommit(
    writer,
    payloads.map((one, i): ChatEventRow => ({ id: ids[i]!, clientId, event, payload: one })),
  )
}

/**
 * `emitChat` for a payload the database reads in the statement that stores it: `payload` is a query answering one
 * jsonb column, `{ form, ... }` of a form named with `storedForm`; nothing is stored when it answers no row. Answers
 * the stored payload (in its stored form), or null.
 */
export const emitChatRead = async (
  writer: ChatWriter,
  clientId: number,
  event: Exclude<ChatToBrowserEvent, "chat:typing">,
  payload: SQL,
): Promise<Record<string, unknown> | null> => {
  const [row] = rowsOf(
    await executePrepared(
      writer.db,
      sql`INSERT INTO chat_events (client_id, event, payload)
      SELECT ${clientId}, ${event}, x.p FROM (${payload}) AS x(p) RETURNING id, payload`,
    ),
  )
  if (!row) return null
  const stored = jsonOf<Record<string, unknown>>(row.payload)
  relayAfterCommit(writer, [{ id: Number(row.id), clientId, event, payload: stored }])
  return stored
}

/** Relays `stored` once the writer's transaction commits, with the rest of that transaction's events. */
const relayAfterCommit = (writer: ChatWriter, stored: ChatEventRow[]) => {
  const list = pending.get(writer.db)
  if (list) {
    list.push(...stored)
    return
  }
  pending.set(writer.db, stored)
  writer.afterCommit(() => {
    const rows = pending.get(writer.db) ?? []
    pending.delete(writer.db)
    emitRelayed(writer.services, rows)
      .then(() => markSoon(writer.services.database, rows))
      .catch((error: unknown) => console.error("[chat] relaying events failed (the sweeper will)", error))
  })
}

/**
 * Emits committed events (seq = id) to their rooms: the events of the same audience in one `chat:batch` frame, in seq
 * order (the waiting conversations one hand-out gives to agents go to every chat console of the tenant: one write to
 * each socket instead of one per conversation). A lone event goes as itself.
 */
const emitRelayed = async (services: Services, rows: readonly ChatEventRow[]) => {
  const io = services.realtime?.io
  if (io) {
    const audiences = new Map<string, { rooms: string[]; events: ChatBatchItem[] }>()
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const payload = { ...consolePayload(services, row.payload), seq: row.id }
      const rooms = chatEventRooms(row.clientId, row.event, payload as unknown as ChatPayload<typeof row.event>)
      const key = rooms.join(" ")
      const audience = audiences.get(key) ?? { rooms, events: [] }
      audience.events.push({ event: row.event, payload } as unknown as ChatBatchItem)
      audiences.set(key, audience)
    }
    for (const { rooms, events } of audiences.values()) {
      const [only] = events
      if (events.length === 1 && only) io.to(rooms).emit(only.event, only.payload)
      else io.to(rooms).emit(CHAT_BATCH, { events } satisfies ChatBatch)
    }
  }
  await eventsRelayed.run({ services, clientIds: new Set(rows.map((row) => row.clientId)) })
}

const markRelayed = async (db: Db, ids: readonly number[]) => {
  await db.execute(sql`UPDATE chat_events SET relayed_at = now()
    WHERE id IN (SELECT x::bigint FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x) AND relayed_at IS NULL`)
}

/**
 * How long relayed rows wait for others to share their mark: a tenth of the sweeper's STALE_MS, so a burst of messages
 * costs one UPDATE per 200 ms, and a writer that dies leaves at most that much to be relayed again.
 */
const MARK_AFTER_MS = 200

/** A database's ids relayed after their writers' commits and not marked yet, the timer that marks them, the mark running. */
interface Marks {
  readonly database: Database
  readonly ids: number[]
  timer: NodeJS.Timeout | null
  running: Promise<void> | null
}

const unmarked = new WeakMap<Database, Marks>()

/** Marks every waiting id now (after the running mark, which takes the ids added while it runs). */
const drain = async (marks: Marks): Promise<void> => {
  if (marks.timer) clearTimeout(marks.timer)
  marks.timer = null
  if (marks.running) return marks.running.then(() => drain(marks))
  marks.running = (async () => {
    try {
      while (marks.ids.length > 0) await markRelayed(marks.database.db, marks.ids.splice(0))
    } finally {
      marks.running = null
    }
  })()
  return marks.running
}

/**
 * Marks rows relayed after their writer's commit, MARK_AFTER_MS later: rows relayed meanwhile, or while the mark runs,
 * go in the same or the next UPDATE (one per burst of messages instead of one each). A row not marked yet is at worst
 * relayed again by the sweeper once STALE_MS old (chat-relay.ts), which the console drops by its seq. A database that
 * closes marks what waits first.
 */
const markSoon = (database: Database, rows: readonly ChatEventRow[]) => {
  let marks = unmarked.get(database)
  if (!marks) {
    const created: Marks = { database, ids: [], timer: null, running: null }
    database.beforeClose(() => drain(created))
    unmarked.set(database, created)
    marks = created
  }
  marks.ids.push(...rows.map((r) => r.id))
  if (marks.timer || marks.running) return
  const waiting = marks
  waiting.timer = setTimeout(() => {
    drain(waiting).catch((error: unknown) =>
      console.error("[chat] marking relayed events failed (the sweeper will relay them again)", error),
    )
  }, MARK_AFTER_MS)
}

/** Emits committed events (seq = id) and marks them relayed in one UPDATE through `db` (the sweeper's transaction). */
export const relayChatEvents = async (services: Services, db: Db, rows: readonly ChatEventRow[]) => {
  if (rows.length === 0) return
  await emitRelayed(services, rows)
  await markRelayed(
    db,
    rows.map((r) => r.id),
  )
}

/**
 * Runs `work` in one transaction of its own (a channel's report, a job's mark), then what it registered for after the
 * commit (its events' relay).
 */
export const inChatTransaction = <T>(services: Services, work: (writer: ChatWriter) => Promise<T>): Promise<T> =>
  services.database.transaction((tx) => work({ db: tx, services, afterCommit: (fn) => onCommitOf(tx, fn) }))

/** A call's writer: its transaction, and after its commit (at once for a call without one, a read). */
export const chatWriterOf = (ctx: Pick<Ctx, "db" | "services" | "afterCommit">): ChatWriter => ({
  db: ctx.db,
  services: ctx.services,
  afterCommit: (fn) => afterCommit(ctx, fn),
})

/** Runs `fn` once the call's transaction committed (at once outside a call pipeline, e.g. a hook with its own transaction). */
const afterCommit = (ctx: Pick<Ctx, "afterCommit">, fn: () => void | Promise<void>) => {
  const run = () => {
    Promise.resolve()
      .then(fn)
      .catch((error: unknown) => console.error("[chat] event after commit failed", error))
  }
  if (ctx.afterCommit) ctx.afterCommit(run)
  else queueMicrotask(run)
}

export const socketFeatures: readonly SocketFeature[] = [
  (socket) => {
    const { principal } = socket.data
    if (principal.clientId === null || principal.userId === null || !principal.grants.has(CHAT_KEY)) return
    joinChatAudience(socket)
  },
]
