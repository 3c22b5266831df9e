/**
 * Every row a tenant holds about one customer, defined once: the export reads these kinds and the erasure deletes
 * them, in this order (children before parents, so each kind's count is its own rows and nothing relies on a
 * cascade). A customer is every contact of the tenant under one number (its channels), with the rows that name the
 * number itself (calls, SMS, OTP, campaign recipients, opt-outs, UAT testers) and the logs whose JSON names one of
 * its conversations or contacts or the number (chat events, domain events and their deliveries, queued jobs).
 */
import { sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { mediaOfMessages } from "../businesses"

export interface Customer {
  readonly clientId: number
  /** The number as stored on the contacts, and with / without a leading "+" as other tables may hold it. */
  readonly numbers: readonly string[]
  readonly contactIds: readonly number[]
  readonly conversationIds: readonly number[]
}

export interface Kind {
  readonly kind: string
  readonly table: string
  /** Rows of the customer in `table` aliased `t`. */
  readonly where: (c: Customer) => SQL
}

const list = (values: readonly (number | string)[]) =>
  values.length === 0
    ? sql`(NULL)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
const byContact = (c: Customer) => sql`t.client_id = ${c.clientId} AND t.contact_id IN ${list(c.contactIds)}`
const byConversation = (c: Customer) => sql`t.client_id = ${c.clientId} AND t.conversation_id IN ${list(c.conversationIds)}`
const byNumber = (c: Customer) => sql`t.client_id = ${c.clientId} AND t.number IN ${list(c.numbers)}`
/** The media of the customer's messages, by the retention's rule of which files go with a message. */
const ofMessages = (c: Customer) =>
  mediaOfMessages(c.clientId, sql`SELECT m.id FROM messages m WHERE m.conversation_id IN ${list(c.conversationIds)}`)
/** JSON naming one of the customer's conversations or contacts, or the number, at any depth. */
const mentions = (column: string, c: Customer) => {
  const vars = JSON.stringify({ v: c.conversationIds, k: c.contactIds, n: c.numbers })
  return sql`t.client_id = ${c.clientId} AND jsonb_path_exists(t.${sql.raw(column)},
    'strict $.** ? (@.conversation_id == $v[*] || @.contact_id == $k[*] || @.number == $n[*] || @.to == $n[*])', ${vars}::jsonb)`
}

/** The kinds in erasure order; the export lists the same kinds. */
export const KINDS: readonly Kind[] = [
  { kind: "media", table: "attachments", where: ofMessages },
  { kind: "conversation_labels", table: "conversation_labels", where: (c) => sql`t.conversation_id IN ${list(c.conversationIds)}` },
  { kind: "chatbot_sessions", table: "chatbot_sessions", where: byConversation },
  { kind: "chatbot_away_replies", table: "chatbot_away_replies", where: byConversation },
  {
    kind: "survey_responses",
    table: "survey_responses",
    where: (c) => sql`(${byContact(c)}) OR (${byConversation(c)}) OR (${byNumber(c)})`,
  },
  { kind: "bot_menu_hits", table: "bot_menu_hits", where: (c) => sql`(${byContact(c)}) OR (${byNumber(c)})` },
  { kind: "orders", table: "orders", where: (c) => sql`(${byContact(c)}) OR (${byConversation(c)})` },
  { kind: "tickets", table: "tickets", where: (c) => sql`(${byContact(c)}) OR (${byConversation(c)})` },
  { kind: "complaints", table: "complaints", where: (c) => sql`(${byContact(c)}) OR (${byNumber(c)})` },
  { kind: "messages", table: "messages", where: byConversation },
  { kind: "conversations", table: "conversations", where: (c) => sql`t.client_id = ${c.clientId} AND t.id IN ${list(c.conversationIds)}` },
  { kind: "group_memberships", table: "contact_group_members", where: (c) => sql`t.contact_id IN ${list(c.contactIds)}` },
  { kind: "flags", table: "contact_flags", where: (c) => sql`t.contact_id IN ${list(c.contactIds)}` },
  { kind: "tags", table: "contact_tags", where: (c) => sql`t.contact_id IN ${list(c.contactIds)}` },
  { kind: "segments", table: "contact_segments", where: (c) => sql`t.contact_id IN ${list(c.contactIds)}` },
  { kind: "active_months", table: "contact_months", where: byContact },
  { kind: "calls", table: "call_records", where: byNumber },
  { kind: "otp_logs", table: "otp_logs", where: byNumber },
  { kind: "otp_users", table: "otp_users", where: byNumber },
  { kind: "sms", table: "sms_messages", where: byNumber },
  { kind: "campaign_recipients", table: "campaign_recipients", where: byNumber },
  { kind: "recipient_list_numbers", table: "recipient_list_numbers", where: byNumber },
  { kind: "opt_outs", table: "template_blacklist", where: byNumber },
  { kind: "uat_customers", table: "uat_customers", where: byNumber },
  { kind: "chat_events", table: "chat_events", where: (c) => mentions("payload", c) },
  {
    kind: "webhook_deliveries",
    table: "webhook_deliveries",
    where: (c) => sql`t.client_id = ${c.clientId} AND t.event_id IN (SELECT t.id FROM domain_events t WHERE ${mentions("data", c)})`,
  },
  { kind: "domain_events", table: "domain_events", where: (c) => mentions("data", c) },
  { kind: "jobs", table: "jobs", where: (c) => sql`(${mentions("payload", c)}) AND t.status <> 'running'` },
  { kind: "contact", table: "contacts", where: (c) => sql`t.client_id = ${c.clientId} AND t.id IN ${list(c.contactIds)}` },
]

/** The variants a number is stored under across tables. */
export const numberVariants = (number: string) => {
  const bare = number.replace(/^\+/, "")
  return [...new Set([number, bare, `+${bare}`])]
}

/** The customer of one contact of the tenant (every contact under its number), or null when the id is not the tenant's. */
export const customerOf = async (db: Db, clientId: number, contactId: number) => {
  const [contact] = rowsOf(await db.execute(sql`SELECT number FROM contacts WHERE id = ${contactId} AND client_id = ${clientId}`))
  if (!contact) return null
  const number = String(contact.number)
  const numbers = numberVariants(number)
  const contactIds = rowsOf(
    await db.execute(sql`SELECT id FROM contacts WHERE client_id = ${clientId} AND number IN ${list(numbers)} ORDER BY id FOR UPDATE`),
  ).map((r) => Number(r.id))
  const conversationIds = rowsOf(
    await db.execute(sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND contact_id IN ${list(contactIds)} ORDER BY id`),
  ).map((r) => Number(r.id))
  return { number, customer: { clientId, numbers, contactIds, conversationIds } satisfies Customer }
}

export const rowsOfKind = async (db: Db, kind: Kind, customer: Customer) =>
  rowsOf(await db.execute(sql`SELECT to_jsonb(t) AS row FROM ${sql.raw(kind.table)} t WHERE ${kind.where(customer)}`)).map(
    (r) => (typeof r.row === "string" ? JSON.parse(r.row) : r.row) as Record<string, unknown>,
  )

export const eraseKind = async (db: Db, kind: Kind, customer: Customer) =>
  rowsOf(await db.execute(sql`DELETE FROM ${sql.raw(kind.table)} t WHERE ${kind.where(customer)} RETURNING 1 AS gone`)).length
