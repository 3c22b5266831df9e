/**
 * The chat's writes, shared by the calls and the channel hub: customers (contacts) by channel and number, the one open
 * conversation of a contact, inbound and outbound messages with the conversation's denormalised inbox columns.
 * Every function runs on the caller's transaction.
 */
import { sql } from "drizzle-orm"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { ApiError } from "../../http/errors"
import { jsonOf, rowsOf } from "../../db/rows"
import { executePrepared } from "../../db/prepared"
import { DELIVERIES_QUEUED, publishedCtes, publishedEventsCtes, wakeForDeliveries } from "../../core/events"
import { WINDOW_MS } from "./conversation-rows"
import { NEW_STATUS, next } from "./conversation-status"
import {
  type ContactRow,
  type ConversationFact,
  type InboundInput,
  type OpenConversation,
  inboundArriving,
  inboundStored,
  openConversationFacts,
  openingWrites,
} from "./hooks"

export type { ContactRow, InboundInput, OpenConversation } from "./hooks"

export const PREVIEW_MAX = 200

export const previewOf = (type: string, body: string) => {
  const text = body.trim() || `[${type}]`
  return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text
}

export const blockedError = () => new ApiError(403, "CUSTOMER_BLOCKED", "This customer is blocked: unblock them to exchange messages")

export const windowClosedError = (number: string) =>
  new ApiError(
    409,
    "WINDOW_CLOSED",
    `The 24-hour WhatsApp window with ${number} is closed (no message from the customer in the last 24 hours): send a template message instead`,
    "type",
  )

const contactOf = (r: Record<string, unknown>): ContactRow => ({
  id: Number(r.id),
  channel: String(r.channel) as Channel,
  number: String(r.number),
  blocked: Boolean(r.blocked),
  lastInboundAt: r.last_inbound_at ? new Date(r.last_inbound_at as string) : null,
})

/** The upsert of the contact of `number` on `channel` (created when new; a given name fills an empty one). */
const contactUpsert = (clientId: number, channel: Channel, number: string, name?: string) =>
  sql`INSERT INTO contacts (client_id, channel, number, name) VALUES (${clientId}, ${channel}, ${number}, ${name ?? ""})
    ON CONFLICT (client_id, channel, number) DO UPDATE SET name = CASE WHEN contacts.name = '' THEN excluded.name ELSE contacts.name END
    RETURNING id, channel, number, blocked, last_inbound_at`

/** The contact of `number` on `channel`, created when new; a given name fills an empty one. */
export const contactFor = async (db: Db, clientId: number, channel: Channel, number: string, name?: string): Promise<ContactRow> => {
  const [row] = rowsOf(await db.execute(contactUpsert(clientId, channel, number, name)))
  return contactOf(row)
}

/** The open conversation's row as selected (`id, status, assigned_user_id`). */
const openOf = (open: Record<string, unknown>): OpenConversation => ({
  id: Number(open.id),
  status: String(open.status) as ConversationStatus,
  agentId: open.assigned_user_id === null ? null : Number(open.assigned_user_id),
})

/** Facts as one JSON object by key (null when there are none). */
const factsObject = (facts: readonly ConversationFact[]) =>
  facts.length === 0
    ? sql`NULL::jsonb`
    : sql`jsonb_build_object(${sql.join(
        facts.map((fact) => sql`${fact.key}::text, ${fact.sql}`),
        sql`, `,
      )})`

/** The other features' facts of the open conversation `o` (hooks.ts `openConversationFacts`), as one JSON object. */
const factsOf = () => {
  const facts = openConversationFacts.values()
  return facts.length === 0 ? factsObject(facts) : sql`CASE WHEN o.id IS NULL THEN NULL ELSE ${factsObject(facts)} END`
}

/**
 * `contactFor`, the contact's open conversation locked for this transaction (null when none is open) and the other
 * features' facts of it, in one statement: a customer's message.
 */
const contactWithOpenConversation = async (db: Db, clientId: number, input: InboundInput) => {
  const [row] = rowsOf(
    await executePrepared(
      db,
      sql`WITH ct AS (${contactUpsert(clientId, input.channel, input.number, input.name)})
    SELECT ct.*, o.id AS open_id, o.status AS open_status, o.assigned_user_id AS open_agent_id, ${factsOf()} AS facts FROM ct
      LEFT JOIN LATERAL (SELECT id, status, assigned_user_id FROM conversations WHERE contact_id = ct.id AND status <> 'closed' FOR UPDATE) o ON true`,
    ),
  )
  const open = row.open_id === null ? null : openOf({ id: row.open_id, status: row.open_status, assigned_user_id: row.open_agent_id })
  return { contact: contactOf(row), open, facts: jsonOf<Record<string, unknown> | null>(row.facts) ?? {} }
}

/**
 * A customer's WhatsApp call is them reaching out, like a message: it opens the 24-hour window, so an agent can
 * answer a call with a quick reply (conversations/send_text) without a template.
 */
export const customerCalled = async (db: Db, clientId: number, number: string, name?: string) => {
  const contact = await contactFor(db, clientId, "whatsapp", number, name)
  await db.execute(sql`UPDATE contacts SET last_inbound_at = now() WHERE id = ${contact.id}`)
}

/**
 * The contact's open conversation, locked for this transaction, or a new unassigned one (`created`) with its
 * `conversation.opened` event.
 */
export const openConversationOf = async (db: Db, clientId: number, contact: ContactRow, at = new Date()): Promise<OpenConversation> => {
  const when = sql`${at.toISOString()}::timestamptz`
  for (let attempt = 0; attempt < 3; attempt++) {
    const [open] = rowsOf(
      await db.execute(
        sql`SELECT id, status, assigned_user_id FROM conversations WHERE contact_id = ${contact.id} AND status <> 'closed' FOR UPDATE`,
      ),
    )
    if (open) return openOf(open)
    const opened = sql`SELECT jsonb_build_object('conversation_id', id, 'channel', ${contact.channel}::text, 'number', ${contact.number}::text) FROM created`
    const [created] = rowsOf(
      await db.execute(sql`WITH created AS (INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at)
      VALUES (${clientId}, ${contact.id}, ${contact.channel}, ${NEW_STATUS}, ${when}, ${when})
      ON CONFLICT (contact_id) WHERE status <> 'closed' DO NOTHING RETURNING id),
      ${publishedCtes(clientId, "conversation.opened", opened)}
      SELECT id, ${DELIVERIES_QUEUED} FROM created`),
    )
    if (created) {
      wakeForDeliveries(db, [created])
      return { id: Number(created.id), status: NEW_STATUS, agentId: null, created: true }
    }
  }
  throw new ApiError(409, "CONFLICT", "The conversation changed meanwhile, try again")
}

/**
 * The statement that stores a customer's message: the message, its conversation's inbox columns, the contact's last
 * inbound time (the 24-hour window) and the `message.received` event with its webhook deliveries. `into`: the open
 * conversation, or "new": the conversation is opened by the same statement (unassigned, with its `conversation.opened`
 * event and the other features' `openingWrites`, whose facts it answers as `facts`), and the statement stores nothing
 * when another transaction opened one meanwhile (the insert's conflict). A conversation it opens is written with its
 * first inbound time (the message's), so the messages' roll-up (migration 0064) changes nothing the conversation
 * roll-ups count and they move once per opening instead of twice (about 1 ms of a message under load).
 */
const inboundSql = (clientId: number, contact: ContactRow, input: InboundInput, now: Date, into: number | "new") => {
  const at = sql`${now.toISOString()}::timestamptz`
  const preview = previewOf(input.type, input.body)
  const opening = into === "new"
  const event = {
    channel: input.channel,
    number: contact.number,
    type: input.type,
    body: input.body,
    external_id: input.externalId ?? null,
  }
  const opened = {
    type: "conversation.opened" as const,
    data: sql`SELECT jsonb_build_object('conversation_id', id, 'channel', ${contact.channel}::text, 'number', ${contact.number}::text) FROM created`,
  }
  const received = {
    type: "message.received" as const,
    data: sql`SELECT ${JSON.stringify(event)}::jsonb || jsonb_build_object('conversation_id', conversation_id, 'message_id', id) FROM stored`,
  }
  const writes = opening ? openingWrites.values().map((write) => write(clientId)) : []
  return sql`WITH ${
    opening
      ? sql`created AS (INSERT INTO conversations (client_id, contact_id, channel, status, started_at, last_message_at, unread, last_message,
          first_inbound_at)
        VALUES (${clientId}, ${contact.id}, ${contact.channel}, ${NEW_STATUS}, ${at}, ${at}, 1, ${preview}, ${at})
        ON CONFLICT (contact_id) WHERE status <> 'closed' DO NOTHING RETURNING id, contact_id, channel),`
      : sql`inbox AS (UPDATE conversations SET unread = unread + 1, last_message = ${preview}, last_message_at = ${at} WHERE id = ${into}),`
  }
    stored AS (INSERT INTO messages (client_id, conversation_id, direction, type, body, payload, external_id, status, dt)
      SELECT ${clientId}::int, ${opening ? sql`created.id` : sql`${into}::int`}, 'in', ${input.type}::text, ${input.body}::text,
        ${JSON.stringify(input.payload)}::jsonb, ${input.externalId ?? null}::text, 'received', ${at} ${opening ? sql`FROM created` : sql``}
      RETURNING id, conversation_id, type, body),
    window_opened AS (UPDATE contacts SET last_inbound_at = ${at} WHERE id = ${contact.id}),
    ${sql.join(
      writes.map((write) => sql`${write.ctes},`),
      sql` `,
    )}
    ${publishedEventsCtes(clientId, opening ? [opened, received, ...writes.flatMap((write) => write.events)] : [received], at)}
    SELECT id, conversation_id, ${factsObject(writes.map((write) => write.fact))} AS facts, ${DELIVERIES_QUEUED} FROM stored`
}

/**
 * A customer's message: refused (403) when the customer is blocked; opens a conversation when none is open (in the
 * message's statement); the other features react through the hook points (hooks.ts: a survey's answer, opt-out,
 * tickets, the bot, ...). `waited`: the conversation was already waiting in the queue before this message
 * (chat/receive.ts tells the queue when it left).
 */
export const storeInbound = async (
  db: Db,
  clientId: number,
  input: InboundInput,
): Promise<{ conversationId: number; messageId: number; waited: boolean }> => {
  const { contact, open, facts } = await contactWithOpenConversation(db, clientId, input)
  if (contact.blocked) throw blockedError()
  const now = new Date()
  const taken = await inboundArriving.first({ db, clientId, contact, message: input, at: now })
  if (taken) return { ...taken, waited: false }
  let conversation: OpenConversation | null = open
  let conversationFacts = facts
  let [message] = open ? [] : rowsOf(await executePrepared(db, inboundSql(clientId, contact, input, now, "new")))
  if (message) {
    conversation = { id: Number(message.conversation_id), status: NEW_STATUS, agentId: null, created: true }
    conversationFacts = jsonOf<Record<string, unknown> | null>(message.facts) ?? {}
  } else {
    // Open already, or opened by another transaction since the first statement looked.
    conversation ??= await openConversationOf(db, clientId, contact, now)
    ;[message] = rowsOf(await executePrepared(db, inboundSql(clientId, contact, input, now, conversation.id)))
  }
  wakeForDeliveries(db, [message])
  const messageId = Number(message.id)
  // The other features' reactions, in the order hooks.ts gives (opt-out, location, order, ticket, bot, settings).
  await inboundStored.run({ db, clientId, contact, conversation, messageId, message: input, at: now, facts: conversationFacts })
  const waited = !conversation.created && conversation.status === "unassigned" && conversation.agentId === null
  return { conversationId: conversation.id, messageId, waited }
}

/** Where a send to `number` goes: the contact with an open conversation first, then the one written to last. */
export const resolveTarget = async (db: Db, clientId: number, number: string): Promise<ContactRow | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ct.id, ct.channel, ct.number, ct.blocked, ct.last_inbound_at
    FROM contacts ct LEFT JOIN conversations c ON c.contact_id = ct.id AND c.status <> 'closed'
    WHERE ct.client_id = ${clientId} AND ct.number = ${number}
    ORDER BY (c.id IS NULL), c.last_message_at DESC, ct.last_inbound_at DESC NULLS LAST, ct.id LIMIT 1`),
  )
  return row ? contactOf(row) : null
}

/** The rules of a send to a known (or new, null) contact; throws the 4xx that refuses it. */
export const checkSend = (contact: ContactRow | null, number: string, type: string, now = Date.now()) => {
  if (contact?.blocked) throw blockedError()
  const channel = contact?.channel ?? "whatsapp"
  if (channel !== "whatsapp" || type === "template" || type === "typing_indicator" || type === "email") return
  const last = contact?.lastInboundAt?.getTime()
  if (last === undefined || now - last > WINDOW_MS) throw windowClosedError(number)
}

export interface OutboundInput {
  readonly conversation: OpenConversation
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  readonly senderUserId: number | null
  /** null while the message waits to be handed to the channel (`status: "queued"`). */
  readonly externalId: string | null
  /** "bot": a chatbot's message, which leaves the conversation where it was (in the queue, unread by agents). */
  readonly senderKind?: "bot"
  /** An automated message of the business (a reminder, a campaign): like a bot's, it leaves the conversation where it was. */
  readonly automated?: boolean
  /** "queued": stored now, handed to the channel after the commit by a job (the chatbots' exactly-once send). */
  readonly status?: "queued"
}

/** An agent's (or bot's) message: a reply (conversation-status.ts). An agent who answers has read the chat, so its unread count clears. */
export const storeOutbound = async (db: Db, clientId: number, input: OutboundInput) => (await storeOutboundAll(db, clientId, [input]))[0]

/**
 * Outbound messages in ONE statement whatever their number (a campaign's batch): the messages, their conversations'
 * inbox columns and status (each a reply, or left as they were for a bot or an automated message), and their
 * `message.sent` events. Each conversation must be locked by the caller (openConversationOf / openConversationsFor).
 * Answers the messages' ids in the order of `inputs`.
 */
export const storeOutboundAll = async (db: Db, clientId: number, inputs: readonly OutboundInput[]): Promise<number[]> => {
  if (inputs.length === 0) return []
  const now = new Date().toISOString()
  const rows = inputs.map((input, i) => ({
    i,
    conversation_id: input.conversation.id,
    type: input.type,
    body: input.body,
    payload: input.payload,
    sender_user_id: input.senderUserId,
    external_id: input.externalId,
    status: input.status ?? "sent",
    sender_kind: input.senderKind ?? null,
  }))
  // Each conversation once, as its last input leaves it.
  const after = new Map<number, { id: number; status: string; agent_id: number | null; last_message: string; bot: boolean }>()
  for (const input of inputs) {
    const from = after.get(input.conversation.id)
    const holding = from ? { status: from.status as ConversationStatus, agentId: from.agent_id } : input.conversation
    const bot = input.senderKind === "bot" || input.automated === true
    const replied = bot ? holding : next(holding, { type: "reply", by: input.senderUserId })
    after.set(input.conversation.id, {
      id: input.conversation.id,
      status: replied.status,
      agent_id: replied.agentId,
      last_message: previewOf(input.type, input.body),
      bot: bot && (from?.bot ?? true),
    })
  }
  // Ids are drawn in the insert's order: a conversation's inputs get its ids in ascending order, so the kth input of a
  // conversation is its kth id.
  const sent = sql`SELECT jsonb_build_object('message_id', s.id, 'conversation_id', s.conversation_id, 'type', s.type, 'body', s.body,
    'sender_user_id', s.sender_user_id, 'external_id', s.external_id) FROM stored s ORDER BY s.i`
  const stored = rowsOf(
    await db.execute(sql`WITH x AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(i int, conversation_id int, type text,
        body text, payload jsonb, sender_user_id int, external_id text, status text, sender_kind text)),
      inserted AS (INSERT INTO messages (client_id, conversation_id, direction, type, body, payload, sender_user_id, external_id, status, dt, sender_kind)
        SELECT ${clientId}, x.conversation_id, 'out', x.type, x.body, x.payload, x.sender_user_id, x.external_id, x.status, ${now}::timestamptz, x.sender_kind
        FROM x ORDER BY x.i RETURNING id, conversation_id),
      stored AS (SELECT m.id, x.* FROM (SELECT id, conversation_id, row_number() OVER (PARTITION BY conversation_id ORDER BY id) AS k FROM inserted) m
        JOIN (SELECT x.*, row_number() OVER (PARTITION BY x.conversation_id ORDER BY x.i) AS k FROM x) x ON x.conversation_id = m.conversation_id AND x.k = m.k),
      replied AS (UPDATE conversations c SET last_message = y.last_message, last_message_at = ${now}::timestamptz,
          status = y.status, assigned_user_id = y.agent_id, unread = CASE WHEN y.bot THEN c.unread ELSE 0 END
        FROM jsonb_to_recordset(${JSON.stringify([...after.values()])}::jsonb) AS y(id int, status text, agent_id int, last_message text, bot boolean)
        WHERE c.id = y.id),
      ${publishedCtes(clientId, "message.sent", sent)}
    SELECT id, i, ${DELIVERIES_QUEUED} FROM stored`),
  )
  wakeForDeliveries(db, stored)
  const ids: number[] = []
  for (const r of stored) ids[Number(r.i)] = Number(r.id)
  return ids
}
