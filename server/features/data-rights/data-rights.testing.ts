/**
 * Test helpers for a customer's data rights: the rows that name a customer besides their conversations (a call, an SMS,
 * an OTP, an order, a ticket, a complaint, a tag, a chat event, a ledger line, a stored file on one of their messages),
 * and every row of every table that still names them, found from the database's own catalogue.
 */
import type { Database } from "../../db/db"

export interface Victim {
  readonly clientId: number
  readonly contactId: number
  readonly conversationId: number
  readonly number: string
}

/** Writes one row of each kind that names the customer; answers the stored file's attachment id (null: no message). */
export const writeCustomerRows = async (database: Database, v: Victim): Promise<number | null> => {
  const q = (text: string, params: unknown[]) => database.query(text, params)
  const c = [v.clientId, v.number]
  await q(
    "INSERT INTO call_records (client_id, call_id, call_type, name, number, status) VALUES ($1, gen_random_uuid()::text, 'incoming', 'X', $2, 'COMPLETED')",
    c,
  )
  await q("INSERT INTO sms_messages (client_id, number, body) VALUES ($1, $2, 'hello')", c)
  await q("INSERT INTO otp_logs (client_id, number, otp_code, username) VALUES ($1, $2, '1234', 'api')", c)
  await q("INSERT INTO orders (client_id, order_number, contact_id, conversation_id) VALUES ($1, gen_random_uuid()::text, $2, $3)", [
    v.clientId,
    v.contactId,
    v.conversationId,
  ])
  await q("INSERT INTO tickets (client_id, ticket_number, channel_type, contact_id) VALUES ($1, gen_random_uuid()::text, 'whatsapp', $2)", [
    v.clientId,
    v.contactId,
  ])
  await q(
    "INSERT INTO complaints (client_id, ticket_number, name, number, channel_type, customer_message) VALUES ($1, gen_random_uuid()::text, 'X', $2, 'whatsapp', 'broken')",
    c,
  )
  const [tag] = (await q("INSERT INTO tags (client_id, name) VALUES ($1, gen_random_uuid()::text) RETURNING id", [v.clientId])).rows
  await q("INSERT INTO contact_tags (tag_id, contact_id) VALUES ($1, $2)", [tag.id, v.contactId])
  await q("INSERT INTO chat_events (client_id, event, payload) VALUES ($1, 'chat.message', $2)", [
    v.clientId,
    JSON.stringify({ conversation: { conversation_id: v.conversationId }, text: "hi" }),
  ])
  await q(
    `INSERT INTO billing_ledger (client_id, amount, balance_after, reason, why, ref) VALUES ($1, -0.5, 0, 'template', '{"kind":"template","templates":"t","count":1}', $2), ($1, -0.5, 0, 'template', '{"kind":"template","templates":"t","count":1}', $3)`,
    [v.clientId, `template:1:${v.number}`, `template:1:${v.number}9`],
  )
  const [message] = (await q("SELECT id FROM messages WHERE conversation_id = $1 ORDER BY id LIMIT 1", [v.conversationId])).rows
  if (!message) return null
  const [file] = (
    await q(
      "INSERT INTO attachments (client_id, message_id, filename, mime, size, storage_key) VALUES ($1, $2, 'a.txt', 'text/plain', 5, 'db') RETURNING id",
      [v.clientId, message.id],
    )
  ).rows
  await q("INSERT INTO attachment_files (attachment_id, client_id, data) VALUES ($1, $2, $3)", [file.id, v.clientId, Buffer.from("hello")])
  return Number(file.id)
}

/**
 * Every row of every table that still names the customer: a contact_id, conversation_id or number column holding
 * theirs, a JSON column mentioning their conversation or number, a ledger reference naming the number.
 */
export const leftoversOf = async (database: Database, v: Victim) => {
  const columns = (
    await database.query(`SELECT table_name, column_name, data_type FROM information_schema.columns c
      WHERE table_schema = 'public' AND EXISTS (SELECT 1 FROM information_schema.tables t WHERE t.table_name = c.table_name
        AND t.table_schema = 'public' AND t.table_type = 'BASE TABLE')
        AND (column_name IN ('contact_id', 'conversation_id', 'number', 'ref') OR data_type = 'jsonb')`)
  ).rows
  const found: string[] = []
  for (const col of columns) {
    const pattern = `(^|[^0-9])${v.number}($|[^0-9])`
    const [op, value] =
      col.data_type === "jsonb"
        ? ["::text ~", `"conversation_id": ${v.conversationId}[,}]|"contact_id": ${v.contactId}[,}]|${pattern}`]
        : col.column_name === "contact_id"
          ? [" =", v.contactId]
          : col.column_name === "conversation_id"
            ? [" =", v.conversationId]
            : [" ~", pattern]
    const [row] = (await database.query(`SELECT count(*)::int AS n FROM "${col.table_name}" WHERE "${col.column_name}"${op} $1`, [value]))
      .rows
    if (Number(row.n) > 0) found.push(`${col.table_name}.${col.column_name}: ${row.n}`)
  }
  return found
}
