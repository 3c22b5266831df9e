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
import type { Db } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"
import { sharedLocationOf } from "../locations"
import { autoReplyOf } from "./autoreply-rows"
import { runAction } from "./bot-actions"
import { factsOf, tenantInHours } from "./bot-facts"
import { handOverAfterCommit } from "../chat"
import { commerceReply, isCommerce } from "./bot-commerce"
import { type BotTarget, queueAsBot, queueMessageAsBot } from "./bot-send"
import { TURN_JOB } from "./bot-turn"
import { botTurnEnded } from "./hooks"

interface Turn extends BotTarget {
  readonly contactId: number
  readonly messageId: number
}

/** The outputs' writes; the messages are queued and handed to the channel only once this turn commits. */
const apply = async (ctx: JobContext, turn: Turn, bot: AutoReply, outputs: readonly BotOutput[]) => {
  const t = { clientId: turn.clientId, conversationId: turn.conversation.id, contactId: turn.contactId }
  const queued: number[] = []
  const hits: { menu: string; option: string }[] = []
  for (const out of outputs) {
    switch (out.type) {
      case "say":
        queued.push(await queueAsBot(ctx, turn, out))
        break
      case "capture":
        await ctx.db.execute(sql`UPDATE contacts SET attributes = attributes || jsonb_build_object(${out.attribute}::text, ${out.value}::text)
          WHERE id = ${turn.contactId} AND client_id = ${turn.clientId}`)
        break
      case "act": {
        if (!isCommerce(out)) {
          await runAction(ctx, t, out.action)
          break
        }
        const reply = await commerceReply(ctx, turn.clientId, turn.channel, out)
        if (reply) queued.push(await queueMessageAsBot(ctx, turn, reply))
        break
      }
      case "path":
        hits.push({ menu: out.node, option: out.option })
        break
      case "handoff":
        hits.push({ menu: out.node ?? "", option: "handoff" })
        break
    }
  }
  // The report rows of the whole step in one statement.
  if (hits.length > 0) {
    const dt = ctx.clock.now().toISOString()
    await ctx.db.execute(
      sql`INSERT INTO bot_menu_hits (client_id, autoreply_id, contact_id, number, menu, option, dt) VALUES ${sql.join(
        hits.map((h) => sql`(${turn.clientId}, ${bot.id}, ${turn.contactId}, ${turn.number}, ${h.menu}, ${h.option}, ${dt}::timestamptz)`),
        sql`, `,
      )}`,
    )
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

/**
 * Locks in the inbound pipeline's order (the contact, then its conversation), so a customer's next message arriving
 * while this turn commits waits instead of deadlocking with it. `FOR NO KEY UPDATE`, not `FOR UPDATE`: it still keeps
 * two turns (and the pipeline's update of the contact) apart, but lets the foreign-key checks of other writers pass
 * (they take `FOR KEY SHARE` on the contact: a delivery report's rollup update of the conversation, a tag): with
 * `FOR UPDATE` such a writer holding the conversation waited for the turn while the turn waited for the conversation.
 */
export const lockTurn = async (db: Db, clientId: number, conversationId: number) => {
  await db.execute(sql`SELECT ct.id FROM contacts ct JOIN conversations c ON c.contact_id = ct.id
    WHERE c.id = ${conversationId} AND c.client_id = ${clientId} FOR NO KEY UPDATE OF ct`)
}

const runTurn = async (job: Job, ctx: JobContext): Promise<void> => {
  const { conversation_id, message_id } = job.payload as { conversation_id: number; message_id: number }
  const clientId = Number(job.clientId)
  await lockTurn(ctx.db, clientId, conversation_id)
  const [c] = rowsOf(
    await ctx.db.execute(sql`SELECT c.id, c.status, c.assigned_user_id, c.contact_id, ct.channel, ct.number, ct.blocked,
        m.type, m.body, m.payload, s.autoreply_id, s.state, s.last_message_id,
        (SELECT count(*) FROM messages mi WHERE mi.conversation_id = c.id AND mi.direction = 'in' AND mi.id <= m.id)::int AS inbound_count
      FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      JOIN messages m ON m.id = ${message_id} AND m.conversation_id = c.id
      LEFT JOIN chatbot_sessions s ON s.conversation_id = c.id
      WHERE c.id = ${conversation_id} AND c.client_id = ${clientId} FOR NO KEY UPDATE OF c`),
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
  await stepBot(ctx, turn, c)
  // The bot did not answer, or handed over: auto-assign may hand the conversation to an agent now.
  await botTurnEnded.run({ ctx, clientId, conversationId: conversation_id, messageId: message_id })
}

/** Steps the conversation's bot, or starts the one the message triggers (none: nothing). */
const stepBot = async (ctx: JobContext, turn: Turn, c: Record<string, unknown>) => {
  const clientId = turn.clientId
  const payload = jsonOf<Record<string, unknown>>(c.payload) ?? {}
  const button = typeof payload.button === "string" ? payload.button : undefined
  const text = String(c.body ?? "")
  const location = c.type === "location" ? (sharedLocationOf(payload) ?? undefined) : undefined
  // Working hours are read only when a trigger or the flow asks (one statement less on most turns).
  let hours: boolean | undefined
  const inHoursNow = async () => (hours ??= await tenantInHours(ctx.db, clientId, ctx.clock.now()))
  let bot: AutoReply | null = null
  let state: BotState | null = null
  if (c.autoreply_id !== null) {
    const [row] = rowsOf(await ctx.db.execute(sql`SELECT * FROM autoreplies WHERE id = ${c.autoreply_id} AND client_id = ${clientId}`))
    state = jsonOf<BotState>(c.state)
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
    const needsHours = bots.some((b) => b.trigger.type === "outside_hours" && b.channel_type === turn.channel)
    bot = pickBot(bots, {
      text,
      payload: button,
      channel: turn.channel,
      firstMessage: Number(c.inbound_count) === 1,
      inHours: needsHours ? await inHoursNow() : true,
      location: location !== undefined,
    })
    if (!bot) return
  }
  const asksHours = bot.flow.nodes.some((n) => n.kind === "condition" && n.test.on === "business_hours")
  const facts = await factsOf(ctx.db, clientId, turn.contactId, turn.channel, asksHours ? await inHoursNow() : true, bot.flow)
  const result = step(
    bot.flow,
    state,
    state ? { type: "reply", text, payload: button, facts, location } : { type: "start", facts, location },
  )
  await apply(ctx, turn, bot, result.outputs)
  await saveState(ctx, turn, bot.id, result.state)
}

export const jobHandlers: JobHandler[] = [{ kind: TURN_JOB, run: runTurn }]
