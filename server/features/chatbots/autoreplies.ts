/**
 * The eight auto-reply calls. The plain forms keep the tenant's bots (/adminchatbot, the company sub-page); the self
 * forms an agent's own away message (/apps/addAutoReply), which only its owner sees and changes. Every save passes the
 * flow rules (src/contract/chatbots/flow-rules.ts) or answers 400 naming the first problem.
 */
import { sql } from "drizzle-orm"
import type { AutoReply, BotFlow, BotTrigger } from "../../../src/contract/schemas/chatbots"
import type { Channel } from "../../../src/contract/schemas/common"
import { handle } from "../../core/registry"
import { type Ctx, tenantOf } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { autoReplyOf, checkFlow, loadAutoReply, visibleTo } from "./autoreply-rows"
import { botInForce } from "./bot-turn"

interface Fields {
  readonly name?: string
  readonly trigger?: BotTrigger
  readonly channel_type?: Channel
  readonly flow?: BotFlow
  readonly active?: boolean
  readonly attributes?: AutoReply["attributes"]
}

const create = async (ctx: Ctx, input: Required<Omit<Fields, "active" | "attributes">> & Fields, self: boolean) => {
  const clientId = tenantOf(ctx)
  checkFlow(input.flow, input.trigger, self)
  botInForce.forget(ctx.db, clientId)
  const [row] = rowsOf(
    await ctx.db.execute(sql`INSERT INTO autoreplies (client_id, name, trigger, trigger_rule, channel, flow, self, owner_id, active)
      VALUES (${clientId}, ${input.name}, ${input.trigger.type}, ${JSON.stringify(input.trigger)}::jsonb, ${input.channel_type},
        ${JSON.stringify(input.flow)}::jsonb, ${self}, ${self ? ctx.principal.userId : null}, ${input.active ?? true}) RETURNING *`),
  )
  return { data: autoReplyOf(row) }
}

const update = async (ctx: Ctx, id: number, input: Fields, self: boolean) => {
  const clientId = tenantOf(ctx)
  const current = await loadAutoReply(ctx.db, clientId, ctx.principal.userId, id, true)
  // A tenant bot changes through the plain forms, an away message through the self forms.
  if (current.self_service !== self) throw notFound("Auto-reply")
  const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as AutoReply
  if (input.flow || input.trigger) checkFlow(next.flow, next.trigger, self)
  botInForce.forget(ctx.db, clientId)
  const [row] = rowsOf(
    await ctx.db.execute(sql`UPDATE autoreplies SET name = ${next.name}, trigger = ${next.trigger.type},
      trigger_rule = ${JSON.stringify(next.trigger)}::jsonb, channel = ${next.channel_type}, flow = ${JSON.stringify(next.flow)}::jsonb,
      active = ${next.active}, attributes = ${JSON.stringify(next.attributes)}::jsonb, updated_at = now()
      WHERE id = ${id} AND client_id = ${clientId} RETURNING *`),
  )
  return { data: autoReplyOf(row) }
}

export const handlers = [
  handle("chatbots", "getAutoreply", async (ctx) => {
    const clientId = tenantOf(ctx)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT * FROM autoreplies WHERE ${visibleTo(clientId, ctx.principal.userId)} ORDER BY self, name, id`),
    )
    return { data: rows.map(autoReplyOf) }
  }),
  handle("chatbots", "getAutoreplyById", async (ctx, input) => ({
    data: await loadAutoReply(ctx.db, tenantOf(ctx), ctx.principal.userId, Number(input.id)),
  })),
  handle("chatbots", "createAutoreply", (ctx, input) => create(ctx, input, false)),
  handle("chatbots", "createSelfAutoreply", (ctx, input) => create(ctx, input, true)),
  handle("chatbots", "updateAutoreply", (ctx, { id, ...input }) => update(ctx, id, input, false)),
  handle("chatbots", "updateSelfAutoreply", (ctx, { id, ...input }) => update(ctx, id, input, true)),
  handle("chatbots", "updateAttributeAutoreply", (ctx, { id, ...input }) => update(ctx, id, input, false)),
  handle("chatbots", "updateAttributeSelfAutoreply", (ctx, { id, ...input }) => update(ctx, id, input, true)),
]
