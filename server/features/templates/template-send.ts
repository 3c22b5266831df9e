/**
 * Sending an approved template to one number: the one function every sender uses (the individual send, the agent's
 * composer, the API, and the campaign engine per recipient). In the caller's transaction:
 *  1. `checkTemplateSend`: the template is APPROVED (409 naming its status), the parameters fill its placeholders
 *     (400), the number has not opted out (409 OPTED_OUT) and is not a blocked customer (403);
 *  2. `chargeTemplateSend`: the account limits and the cost (the category's price) debited with `debitUnlessUat`
 *     (402 INSUFFICIENT_BALANCE writes nothing; the tenant's UAT numbers are free);
 *  3. `deliverTemplate`: handed to the channel, recorded as sent in the customer's WhatsApp conversation (opened when
 *     none is), announced as `chat:message` after the commit. Delivered/read/failed come back as for every outbound
 *     message (chat-store.ts `storeStatus`).
 * A caller with several numbers checks and charges them all before it delivers any, so a refusal sends nothing.
 */
import { sql } from "drizzle-orm"
import type { Template } from "../../../src/contract/schemas/templates"
import { fillPlaceholders, placeholdersOf } from "../../../src/contract/template-rules"
import type { Services } from "../../http/context"
import type { Db } from "../../db/db"
import { badRequest } from "../../http/errors"
import { checkMessageLimits } from "../account-limits/limits"
import { debitUnlessUat } from "../billing/ledger"
import { emitChat } from "../chat/chat-bus"
import { chatHubOf } from "../chat/chat-hub"
import { blockedError, contactFor, openConversationOf, storeOutbound } from "../chat/chat-store"
import { loadConversation } from "../chat/conversation-rows"
import { loadMessage } from "../chat/message-rows"
import { rowsOf } from "../../db/rows"
import { blacklistedAmong, optedOutError } from "./opt-out"
import { priceOf } from "./template-prices"
import { checkSendable } from "./template-status"

export interface TemplateSend {
  readonly clientId: number
  readonly template: Template
  readonly number: string
  readonly params: readonly string[]
  /** The header's `{{1}}`, or the media link of a media header (its sample when absent). */
  readonly headerValue?: string
  /** The agent who sends (null: the business, e.g. a campaign or the API). */
  readonly userId: number | null
  /** What the ledger entry names (a campaign's recipient id, say). */
  readonly ref?: string
  /** Where it came from when it counts against a quota (`api`: the request limits). */
  readonly via?: string
  /** The campaign it belongs to (the outbox filters by it). */
  readonly campaignId?: number
}

export interface SendEnv {
  readonly db: Db
  readonly services: Services
  readonly afterCommit: (fn: () => void) => void
}

const headerNeedsValue = (t: Template) => t.header_type === "text" && placeholdersOf(t.header ?? "").length > 0

/** Rules of one send, before anything is charged or sent. */
export const checkTemplateSend = async (db: Db, send: TemplateSend) => {
  const { template: t } = send
  checkSendable(t)
  if (send.params.length !== t.params_count)
    throw badRequest(`Template ${t.name} takes ${t.params_count} parameter(s), ${send.params.length} given`, "params")
  const empty = send.params.findIndex((p) => p.trim() === "")
  if (empty >= 0) throw badRequest(`Parameter {{${empty + 1}}} is empty`, "params")
  if (headerNeedsValue(t) && !send.headerValue?.trim()) throw badRequest("The header's parameter {{1}} needs a value", "header_value")
  if ((await blacklistedAmong(db, send.clientId, [send.number])).size > 0) throw optedOutError(send.number)
  const [contact] = rowsOf(
    await db.execute(
      sql`SELECT blocked FROM contacts WHERE client_id = ${send.clientId} AND channel = 'whatsapp' AND number = ${send.number}`,
    ),
  )
  if (contact?.blocked) throw blockedError()
}

/** The limits and the cost of one send, in the caller's transaction; answers what was debited (0: a UAT number). */
export const chargeTemplateSend = async (db: Db, send: TemplateSend): Promise<number> => {
  await checkMessageLimits(db, send.clientId, 1)
  const price = await priceOf(db, send.template.category)
  if (price <= 0) return 0
  const entry = await debitUnlessUat(
    db,
    send.clientId,
    send.number,
    price,
    `template ${send.template.name}`,
    send.ref ?? `template:${send.template.id}:${send.number}`,
  )
  return entry ? price : 0
}

/** What the customer's phone shows: header, body and footer with the values filled in. */
export const renderedOf = (send: TemplateSend) => {
  const t = send.template
  const header = t.header_type === "text" ? fillPlaceholders(t.header ?? "", [send.headerValue]) : null
  const body = fillPlaceholders(t.body, send.params)
  return { header, body, footer: t.footer, media: t.header_type && t.header_type !== "text" ? (send.headerValue ?? t.header) : null }
}

/** Hands the message to the channel and records it sent; answers the channel's id and the stored message's. */
export const deliverTemplate = async (env: SendEnv, send: TemplateSend, cost: number) => {
  const { db, services } = env
  const t = send.template
  const shown = renderedOf(send)
  const payload = {
    template: {
      id: t.id,
      name: t.name,
      language: t.language,
      category: t.category,
      params: send.params,
      header_value: send.headerValue ?? null,
      header_type: t.header_type,
      header: shown.header,
      media: shown.media,
      footer: t.footer,
      buttons: t.buttons,
    },
    cost,
    ...(send.via ? { via: send.via } : {}),
    ...(send.campaignId ? { campaign_id: send.campaignId } : {}),
  }
  const contact = await contactFor(db, send.clientId, "whatsapp", send.number)
  const conversation = await openConversationOf(db, send.clientId, contact)
  const { externalId } = await chatHubOf(services).channel.send({
    clientId: send.clientId,
    channel: "whatsapp",
    number: send.number,
    type: "template",
    body: shown.body,
    payload,
  })
  const messageId = await storeOutbound(db, send.clientId, {
    conversation,
    type: "template",
    body: shown.body,
    payload,
    senderUserId: send.userId,
    externalId,
  })
  const links = { config: services.config, origin: "" }
  const [announced, message] = await Promise.all([
    loadConversation(db, send.clientId, conversation.id),
    loadMessage(db, send.clientId, messageId, links),
  ])
  if (message) env.afterCommit(() => emitChat(services, send.clientId, "chat:message", { conversation: announced, message }))
  return { externalId, messageId, conversationId: conversation.id }
}

/** One recipient, start to end (the campaign engine's call per recipient); answers what it cost too. */
export const sendTemplateTo = async (env: SendEnv, send: TemplateSend) => {
  await checkTemplateSend(env.db, send)
  const cost = await chargeTemplateSend(env.db, send)
  return { ...(await deliverTemplate(env, send, cost)), cost }
}

/** Several numbers: all checked and charged before any is handed to the channel. */
export const sendTemplateToAll = async (env: SendEnv, sends: readonly TemplateSend[]) => {
  for (const send of sends) await checkTemplateSend(env.db, send)
  if (sends.length > 1) await checkMessageLimits(env.db, sends[0].clientId, sends.length)
  const costs: number[] = []
  for (const send of sends) costs.push(await chargeTemplateSend(env.db, send))
  const out: { externalId: string; number: string }[] = []
  for (const [i, send] of sends.entries()) out.push({ ...(await deliverTemplate(env, send, costs[i])), number: send.number })
  return out
}
