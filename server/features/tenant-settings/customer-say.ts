/**
 * The server's own words to a customer (away message, session closed, survey question and thanks, opt-out
 * confirmation, place in the queue): a `settings.say` job enqueued in the writer's transaction (keyed, so each is said once), which stores
 * the text in the thread as the bot's and hands it to the channel through the chat's one outbox (chat/outbox.ts).
 * `payload.auto` names what it is, so the survey can find its question. The job: customer-say-job.ts (apart, so the
 * chat's inbound pipeline that calls this does not import the outbox).
 */
import { enqueue } from "../../core/jobs"
import type { Db } from "../../db/db"

export const SAY_JOB = "settings.say"

export type AutoKind = "away" | "session_closed" | "survey_question" | "survey_thanks" | "opted_out" | "queue_position"

/** In the writer's transaction: `text` reaches the conversation's customer once per `key`. */
export const sayLater = async (db: Db, clientId: number, conversationId: number, auto: AutoKind, text: string, key: string) => {
  await enqueue(db, {
    kind: SAY_JOB,
    clientId,
    payload: { conversation_id: conversationId, auto, text },
    idempotencyKey: `say:${auto}:${key}`,
    maxAttempts: 5,
  })
}
