/**
 * The calls that send templates and price them: the individual send (tenant, and the super admin's for a tenant), the
 * agent's send from the chat (assigned templates only), the cost before sending (tenant, admin, agent) and the price
 * table. Every send goes through template-send.ts.
 */
import { sql } from "drizzle-orm"
import type { Ctx } from "../../http/context"
import { tenantOf, userOf } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import type { Db } from "../../db/db"
import { balanceOf, CURRENCY } from "../billing"
import { handle } from "../../core/registry"
import { agentMaySend } from "./templates"
import { templateByName } from "./template-rows"
import { allPrices, priceOf, setPrice } from "./template-prices"
import { sendTemplateToAll } from "./template-send"
import { chatWriterOf, handOverNow } from "../chat"
import { answerAfterCommit } from "../../core/after-commit"

interface SendInput {
  readonly template_name: string
  readonly language: string
  readonly to: readonly string[]
  readonly params?: readonly string[]
  readonly header_value?: string
}

const sendAll = async (ctx: Ctx, clientId: number, input: SendInput, userId: number | null, agent = false) => {
  const template = await templateByName(ctx.db, clientId, input.template_name, input.language)
  if (agent && userId !== null) await agentMaySend(ctx.db, template.id, userId)
  const sent = await sendTemplateToAll(
    chatWriterOf(ctx),
    [...new Set(input.to)].map((number) => ({
      clientId,
      template,
      number,
      params: input.params ?? [],
      headerValue: input.header_value,
      userId,
    })),
    { answered: true },
  )
  return answerAfterCommit(async () => {
    const ids = await handOverNow(
      ctx.services,
      clientId,
      sent.map((m) => m.messageId),
    )
    return { data: { messages: sent.map((m, i) => ({ id: ids[i], number: m.number, status: "sent" as const })) } }
  })
}

const costOf = async (db: Db, clientId: number, name: string, recipients: number) => {
  const template = await templateByName(db, clientId, name)
  const unit = await priceOf(db, template.category)
  const total = Math.round(unit * recipients * 100) / 100
  const balance = await balanceOf(db, clientId)
  return {
    data: {
      template_name: template.name,
      category: template.category,
      recipients,
      unit_cost: unit,
      total_cost: total,
      currency: CURRENCY,
      balance_after: Math.round((balance - total) * 100) / 100,
    },
  }
}

export const handlers = [
  handle("templates", "sendTemplateMessageText", async (ctx, input) => sendAll(ctx, tenantOf(ctx), input, ctx.principal.userId)),
  handle("templates", "sendTemplateMessageTextAdminOnly", async (ctx, input) => {
    const [client] = rowsOf(await ctx.db.execute(sql`SELECT id FROM clients WHERE id = ${input.client_id}`))
    if (!client) throw notFound("Business")
    return sendAll(ctx, input.client_id, input, null)
  }),
  handle("templates", "agentTemplateMessageText", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    return sendAll(ctx, clientId, { ...input, to: [input.to] }, userId, true)
  }),
  handle("templates", "costTemplate", async (ctx, input) => costOf(ctx.db, tenantOf(ctx), input.template_name, input.recipients)),
  handle("templates", "agentCostTemplate", async (ctx, input) => costOf(ctx.db, tenantOf(ctx), input.template_name, input.recipients)),
  handle("templates", "costTemplateAdmin", async (ctx, input) => costOf(ctx.db, input.client_id, input.template_name, input.recipients)),
  handle("templateTools", "templatePrices", async (ctx) => ({
    data: (await allPrices(ctx.db)).map((p) => ({ ...p, currency: CURRENCY })),
  })),
  handle("templateTools", "templatePriceSet", async (ctx, input) => ({
    data: { ...(await setPrice(ctx.db, input.category, input.price)), currency: CURRENCY },
  })),
]
