/**
 * The chatbot runtime, one `chatbot.turn` job per inbound message (bot-turn.ts enqueues it in the pipeline). With the
 * conversation locked, it:
 *  - skips a message the bot already handled (a lease taken over mid-run) and closed conversations;
 *  - when an agent holds the conversation, never answers as a bot; only the holder's away message (their active self
 *    auto-reply) goes out, once per conversation;
 *  - otherwise steps the conversation's bot (src/contract/chatbots/flow-step.ts) from its stored state, or starts the
 *    bot the message triggers (triggers.ts), applies the outputs (the bot's messages stored `queued`, actions, captured
 *    attributes, report rows in bot_menu_hits) and stores the new state, all in the job's transaction with its
 *    completion: a restart mid-flow resumes at the node the customer was at, and a turn that fails sent nothing (its
 *    messages reach the channel through the chat outbox (chat/outbox.ts) only after the commit), so its retry cannot answer twice.
 */
import { sql } from "drizzle-orm"
import { type BotOutput, type BotState, step } from "../../../src/contract/chatbots/flow-step"
import { pickBot } from "../../../src/contract/chatbots/triggers"
import type { AutoReply } from "../../../src/contract/schemas/chatbots"
import type { Channel } from "../../../src/contract/schemas/common"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import type { Job, JobContext, JobHandler } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { autoReplyOf } from "./autoreply-rows"
import { runAction } from "./bot-actions"
import { factsOf, tenantInHours } from "./bot-facts"
import { handOverAfterCommit } from "../chat/outbox"
import { type BotTarget, queueAsBot } from "./bot-send"
import { TURN_JOB } from "./bot-turn"

interface Turn extends BotTarget {
  readonly contactId: number
  readonly messageId: number
}

const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T

/** The outputs' writes; the messages are queued and handed to the channel only once this turn commits. */
const apply = async (ctx: JobContext, turn: Turn, bot: AutoReply, outputs: readonly BotOutput[]) => {
  const t = { clientId: turn.clientId, conversationId: turn.conversation.id, contactId: turn.contactId }
  const queued: number[] = []
  for (const out of outputs) {
    switch (out.type) {
      case "say":
        queued.push(await queueAsBot(ctx, turn, out))
        break
      case "capture":
        await ctx.db.execute(sql`UPDATE contacts SET attributes = attributes || jsonb_build_object(${out.attribute}::text, ${out.value}::text)
          WHERE id = ${turn.contactId} AND client_id = ${turn.clientId}`)
        break
      case "act":
        await runAction(ctx, t, out.action)
        break
      case "path":
        await ctx.db.execute(sql`INSERT INTO bot_menu_hits (client_id, autoreply_id, contact_id, number, menu, option, dt)
          VALUES (${turn.clientId}, ${bot.id}, ${turn.contactId}, ${turn.number}, ${out.node}, ${out.option}, ${ctx.clock.now().toISOString()}::timestamptz)`)
        break
      case "handoff":
        await ctx.db.execute(sql`INSERT INTO bot_menu_hits (client_id, autoreply_id, contact_id, number, menu, option, dt)
          VALUES (${turn.clientId}, ${bot.id}, ${turn.contactId}, ${turn.number}, ${out.node ?? ""}, 'handoff', ${ctx.clock.now().toISOString()}::timestamptz)`)
        break
    }
  }
  await handOverAfterCommit(ctx, turn.clientId, queued)
}

const saveState = (ctx: JobContext, turn: Turn, botId: number, state: BotState) =>
  ctx.db.execute(sql`INSERT INTO chatbot_sessions (conversation_id, client_id, autoreply_id, state, last_message_id, updated_at)
    VALUES (${turn.conversation.id}, ${turn.clientId}, ${botId}, ${JSON.stringify(state)}::jsonb, ${turn.messageId}, now())
    ON CONFLICT (conversation_id) DO UPDATE SET autoreply_id = excluded.autoreply_id, state = excluded.state,
      last_message_id = excluded.last_message_id, updated_at = now()`)

/** The holder's away message, once per conversation. */
const awayReply = async (ctx: JobContext, turn: Turn, holder: number) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT * FROM autoreplies WHERE client_id = ${turn.clientId} AND self AND active AND owner_id = ${holder}
      AND channel = ${turn.channel} ORDER BY id LIMIT 1`),
  )
  if (!row) return
  const bot = autoReplyOf(row)
  const [fresh] = rowsOf(
    await ctx.db.execute(sql`INSERT INTO chatbot_away_replies (conversation_id, autoreply_id, client_id)
      VALUES (${turn.conversation.id}, ${bot.id}, ${turn.clientId}) ON CONFLICT DO NOTHING RETURNING 1`),
  )
  if (!fresh) return
  const facts = await factsOf(ctx.db, turn.clientId, turn.contactId, turn.channel, true, null)
  const { outputs } = step(bot.flow, null, { type: "start", facts })
  await apply(
    ctx,
    turn,
    bot,
    outputs.filter((o) => o.type === "say"),
  )
}

const runTurn = async (job: Job, ctx: JobContext): Promise<void> => {
  const { conversation_id, message_id } = job.payload as { conversation_id: number; message_id: number }
  const clientId = Number(job.clientId)
  // Locks in the inbound pipeline's order (the contact, then its conversation), so a customer's next message arriving
  // while this turn commits waits instead of deadlocking with it.
  await ctx.db.execute(sql`SELECT ct.id FROM contacts ct JOIN conversations c ON c.contact_id = ct.id
    WHERE c.id = ${conversation_id} AND c.client_id = ${clientId} FOR UPDATE OF ct`)
  const [c] = rowsOf(
    await ctx.db.execute(sql`SELECT c.id, c.status, c.assigned_user_id, c.contact_id, ct.channel, ct.number, ct.blocked,
        m.type, m.body, m.payload, s.autoreply_id, s.state, s.last_message_id,
        (SELECT count(*) FROM messages mi WHERE mi.conversation_id = c.id AND mi.direction = 'in' AND mi.id <= m.id)::int AS inbound_count
      FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      JOIN messages m ON m.id = ${message_id} AND m.conversation_id = c.id
      LEFT JOIN chatbot_sessions s ON s.conversation_id = c.id
      WHERE c.id = ${conversation_id} AND c.client_id = ${clientId} FOR UPDATE OF c`),
  )
  if (!c || c.status === "closed" || c.blocked) return
  if (c.last_message_id !== null && Number(c.last_message_id) >= message_id) return
  const holder = c.assigned_user_id === null ? null : Number(c.assigned_user_id)
  const turn: Turn = {
    clientId,
    conversation: { id: conversation_id, status: String(c.status) as ConversationStatus, agentId: holder },
    channel: String(c.channel) as Channel,
    number: String(c.number),
    contactId: Number(c.contact_id),
    messageId: message_id,
  }
  if (holder !== null) {
    await awayReply(ctx, turn, holder)
    return
  }
  const payload = json<Record<string, unknown>>(c.payload) ?? {}
  const button = typeof payload.button === "string" ? payload.button : undefined
  const text = String(c.body ?? "")
  const inHours = await tenantInHours(ctx.db, clientId, ctx.clock.now())
  let bot: AutoReply | null = null
  let state: BotState | null = null
  if (c.autoreply_id !== null) {
    const [row] = rowsOf(await ctx.db.execute(sql`SELECT * FROM autoreplies WHERE id = ${c.autoreply_id} AND client_id = ${clientId}`))
    state = json<BotState>(c.state)
    // A handed-off bot stays quiet for the rest of the conversation.
    if (!row || state.node === null) {
      await saveState(ctx, turn, Number(c.autoreply_id), state)
      return
    }
    bot = autoReplyOf(row)
  } else {
    const bots = rowsOf(
      await ctx.db.execute(
        sql`SELECT * FROM autoreplies WHERE client_id = ${clientId} AND active AND NOT self AND channel = ${turn.channel}`,
      ),
    ).map(autoReplyOf)
    bot = pickBot(bots, { text, payload: button, channel: turn.channel, firstMessage: Number(c.inbound_count) === 1, inHours })
    if (!bot) return
  }
  const facts = await factsOf(ctx.db, clientId, turn.contactId, turn.channel, inHours, bot.flow)
  const result = step(bot.flow, state, state ? { type: "reply", text, payload: button, facts } : { type: "start", facts })
  await apply(ctx, turn, bot, result.outputs)
  await saveState(ctx, turn, bot.id, result.state)
}

export const jobHandlers: JobHandler[] = [{ kind: TURN_JOB, run: runTurn }]
