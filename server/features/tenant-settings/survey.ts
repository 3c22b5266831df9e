/**
 * Setting `survey_enabled`: when a conversation closes (an agent, or the idle close), the customer is asked for a
 * 1–5 rating; a reply of one digit 1–5 within a day, before they open a new conversation, is their answer: stored in
 * `survey_responses` against the conversation and its agent (the Customer Feedback report and the dashboard's CSAT
 * read it; the conversation's details show it), thanked for, and kept in the closed conversation's thread instead of
 * opening a new one.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { publish } from "../../core/events"
import { tenantSettings } from "./settings-store"
import { customerText } from "./customer-texts"
import { sayLater } from "./customer-say"

const ANSWER_WITHIN_MS = 24 * 3_600_000

export const askSurvey = async (db: Db, clientId: number, conversationId: number) => {
  const settings = await tenantSettings(db, clientId)
  if (!settings.survey_enabled) return
  await sayLater(db, clientId, conversationId, "survey_question", customerText("surveyQuestion", settings.language), String(conversationId))
}

export const ratingOf = (text: string): number | null => {
  const m = /^\s*([1-5])\s*[.!]?\s*$/.exec(text.normalize("NFKC"))
  return m ? Number(m[1]) : null
}

interface Answer {
  readonly contactId: number
  readonly type: string
  readonly body: string
  readonly at: Date
}

/**
 * In the inbound pipeline (chat-store.ts) before a conversation is opened: when the message answers a survey, it is
 * stored in the surveyed conversation and the rating recorded; answers that conversation and message, else null.
 */
export const takeSurveyAnswer = async (
  db: Db,
  clientId: number,
  a: Answer,
): Promise<{ conversationId: number; messageId: number } | null> => {
  const rating = a.type === "text" ? ratingOf(a.body) : null
  if (rating === null) return null
  const since = new Date(a.at.getTime() - ANSWER_WITHIN_MS).toISOString()
  const [c] = rowsOf(
    await db.execute(sql`SELECT c.id, c.assigned_user_id, c.channel, ct.number, ct.name FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.contact_id = ${a.contactId} AND c.client_id = ${clientId} AND c.status = 'closed' AND c.closed_at >= ${since}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM conversations o WHERE o.contact_id = c.contact_id AND o.status <> 'closed')
        AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'out' AND m.payload->>'auto' = 'survey_question')
        AND NOT EXISTS (SELECT 1 FROM survey_responses s WHERE s.conversation_id = c.id)
      ORDER BY c.closed_at DESC LIMIT 1 FOR UPDATE OF c`),
  )
  if (!c) return null
  const conversationId = Number(c.id)
  const [message] = rowsOf(
    await db.execute(sql`INSERT INTO messages (client_id, conversation_id, direction, type, body, payload, status, dt)
      VALUES (${clientId}, ${conversationId}, 'in', 'text', ${a.body}, '{"survey_answer": true}'::jsonb, 'received', ${a.at.toISOString()}::timestamptz)
      RETURNING id`),
  )
  await db.execute(sql`INSERT INTO survey_responses (client_id, conversation_id, contact_id, agent_id, number, name, channel, rating, dt)
    VALUES (${clientId}, ${conversationId}, ${a.contactId}, ${c.assigned_user_id as number | null}, ${String(c.number)}, ${(c.name as string | null) || null},
      ${String(c.channel)}, ${rating}, ${a.at.toISOString()}::timestamptz)`)
  await publish(db, clientId, "message.received", {
    message_id: Number(message.id),
    conversation_id: conversationId,
    channel: String(c.channel),
    number: String(c.number),
    type: "text",
    body: a.body,
    external_id: null,
  })
  const settings = await tenantSettings(db, clientId)
  await sayLater(db, clientId, conversationId, "survey_thanks", customerText("surveyThanks", settings.language), String(conversationId))
  return { conversationId, messageId: Number(message.id) }
}
