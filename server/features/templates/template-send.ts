/**
 * Sending an approved template: the one path every sender uses (the individual send, the agent's composer, the API,
 * reminders, orders, and the campaign engine a batch at a time). A single send is a batch of one. In the caller's
 * transaction:
 *  1. `refusalsOf`: per send, why it may not go: the template is not APPROVED (409 naming its status), the parameters
 *     do not fill its placeholders (400), the number opted out (409 OPTED_OUT) or is a blocked customer (403); the
 *     opt-outs and the blocked customers of the whole batch are read in one query (`sendChecksOf`, with the prices);
 *  2. `chargeTemplateSends`: the account limits for the batch's count and its cost (the category's price per number)
 *     debited as ONE ledger entry with `debitAllUnlessUat` (402 INSUFFICIENT_BALANCE writes nothing; the tenant's UAT
 *     numbers are free);
 *  3. `deliverTemplate`: each handed to the channel, recorded as sent in the customer's WhatsApp conversation (opened
 *     when none is), announced as `chat:message` after the commit. Delivered/read/failed come back as for every
 *     outbound message (the chat's `storeStatus`).
 * Everything is checked and charged before anything is delivered, so a refusal sends nothing.
 */
import { sql } from "drizzle-orm"
import type { Template } from "../../../src/contract/schemas/templates"
import { fillPlaceholders, placeholdersOf } from "../../../src/contract/template-rules"
import type { Db } from "../../db/db"
import { ApiError, badRequest } from "../../http/errors"
import { checkMessageLimits } from "../account-limits"
import { debitAllUnlessUat } from "../billing"
import {
  blockedError,
  contactFor,
  openConversationOf,
  storeOutboundAll,
  announceMessages,
  openConversationsFor,
  handOverAfterCommit,
  queueOutbound,
  type ChatWriter,
} from "../chat"
import { rowsOf } from "../../db/rows"
import { blacklistSql, listedOf, optedOutError } from "./opt-out"
import { priceOf, pricesFrom, pricesSql } from "./template-prices"
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
  /** Sent by an automation (a reminder, a campaign): the conversation stays where it was, in the queue when it waits there. */
  readonly automated?: boolean
}

const headerNeedsValue = (t: Template) => t.header_type === "text" && placeholdersOf(t.header ?? "").length > 0

/** The rules one send keeps by itself (status, parameters, header), before the database is asked. */
const checkSendRules = (send: TemplateSend) => {
  const { template: t } = send
  checkSendable(t)
  if (send.params.length !== t.params_count)
    throw badRequest(`Template ${t.name} takes ${t.params_count} parameter(s), ${send.params.length} given`, "params")
  const empty = send.params.findIndex((p) => p.trim() === "")
  if (empty >= 0) throw badRequest(`Parameter {{${empty + 1}}} is empty`, "params")
  if (headerNeedsValue(t) && !send.headerValue?.trim()) throw badRequest("The header's parameter {{1}} needs a value", "header_value")
}

/** What the sends' checks and charge read, in one query: their refusals (`refusalsOf`) and their categories' prices. */
export interface SendChecks {
  readonly refusals: (ApiError | null)[]
  readonly prices: ReadonlyMap<string, number>
}

/**
 * Why each send (all of one tenant) may not go, before anything is charged or sent (null where it may), and the price of
 * each category among them. The opt-outs, the blocked WhatsApp customers and the prices are read in one query.
 */
export const sendChecksOf = async (db: Db, sends: readonly TemplateSend[]): Promise<SendChecks> => {
  if (sends.length === 0) return { refusals: [], prices: new Map() }
  const clientId = sends[0].clientId
  const numbers = [...new Set(sends.map((s) => s.number))]
  const categories = [...new Set(sends.map((s) => s.template.category))]
  const rows = rowsOf(
    await db.execute(sql`SELECT 'opted_out' AS why, b.number AS value, NULL::numeric AS price FROM (${blacklistSql(clientId, numbers)}) AS b
      UNION ALL SELECT 'blocked', number, NULL FROM contacts WHERE client_id = ${clientId} AND channel = 'whatsapp' AND blocked
        AND number IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) AS x)
      UNION ALL SELECT 'price', p.category, p.price FROM (${pricesSql(categories)}) AS p`),
  )
  const of = (why: string) => rows.filter((r) => r.why === why).map((r) => r.value)
  const optedOut = listedOf(numbers, of("opted_out"))
  const blocked = new Set(of("blocked").map(String))
  const prices = pricesFrom(
    categories,
    rows.filter((r) => r.why === "price").map((r) => ({ category: r.value, price: r.price })),
  )
  const refusals = sends.map((send) => {
    try {
      checkSendRules(send)
    } catch (error) {
      if (error instanceof ApiError) return error
      throw error
    }
    if (optedOut.has(send.number)) return optedOutError(send.number)
    if (blocked.has(send.number)) return blockedError()
    return null
  })
  return { refusals, prices }
}

/** Why each send (all of one tenant) may not go, before anything is charged or sent: null where it may. */
export const refusalsOf = async (db: Db, sends: readonly TemplateSend[]): Promise<(ApiError | null)[]> =>
  (await sendChecksOf(db, sends)).refusals

/** Throws the first refusal among the sends. */
const checkAll = async (db: Db, sends: readonly TemplateSend[]) => {
  const refused = (await refusalsOf(db, sends)).find((r) => r !== null)
  if (refused) throw refused
}

/**
 * The account limits and the cost of the sends (all of one tenant), in the caller's transaction: one ledger entry for
 * their total named `ref` (a single send's own ref by default), at the prices `read` by `sendChecksOf` when given.
 * Answers each send's cost (0: a UAT number).
 */
export const chargeTemplateSends = async (
  db: Db,
  sends: readonly TemplateSend[],
  ref?: string,
  read?: ReadonlyMap<string, number>,
): Promise<number[]> => {
  if (sends.length === 0) return []
  const clientId = sends[0].clientId
  await checkMessageLimits(db, clientId, sends.length)
  const prices = new Map(read)
  for (const send of sends)
    if (!prices.has(send.template.category)) prices.set(send.template.category, await priceOf(db, send.template.category))
  const charges = sends.map((send) => ({ number: send.number, amount: prices.get(send.template.category)! }))
  if (charges.every((c) => c.amount <= 0)) return charges.map(() => 0)
  const names = [...new Set(sends.map((s) => s.template.name))].join(", ")
  const only = sends.length === 1 ? sends[0] : null
  const { charged } = await debitAllUnlessUat(
    db,
    clientId,
    charges,
    { kind: "template", templates: names, count: sends.length },
    ref ?? (only ? (only.ref ?? `template:${only.template.id}:${only.number}`) : `template:${sends.map((s) => s.number).join(",")}`),
  )
  return charged
}

/** What the customer's phone shows: header, body and footer with the values filled in. */
export const renderedOf = (send: TemplateSend) => {
  const t = send.template
  const header = t.header_type === "text" ? fillPlaceholders(t.header ?? "", [send.headerValue]) : null
  const body = fillPlaceholders(t.body, send.params)
  return { header, body, footer: t.footer, media: t.header_type && t.header_type !== "text" ? (send.headerValue ?? t.header) : null }
}

/** What a template message stores and hands to the channel: its rendered template, cost and origin. */
export const templatePayloadOf = (send: TemplateSend, cost: number) => {
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
  return { shown, payload }
}

/** Stores the message `queued` in its customer's conversation (the chat outbox hands it over); answers its ids. */
const queueTemplate = async (env: ChatWriter, send: TemplateSend, cost: number, answered?: boolean) => {
  const { shown, payload } = templatePayloadOf(send, cost)
  const contact = await contactFor(env.db, send.clientId, "whatsapp", send.number)
  const conversation = await openConversationOf(env.db, send.clientId, contact)
  const messageId = await queueOutbound(
    env,
    send.clientId,
    {
      conversation,
      type: "template",
      body: shown.body,
      payload,
      senderUserId: send.userId,
      automated: send.automated,
    },
    { answered },
  )
  return { messageId, conversationId: conversation.id }
}

/**
 * Many sends (a campaign's batch, already checked and charged) stored as `queued` template messages in a few statements
 * whatever their number (their customers' conversations opened where none is), handed to the channel by the chat
 * outbox once the caller's transaction committed (due at `dueAt`, see `handOverAfterCommit`), and announced then. Answers each send's message id, in order.
 */
export const queueTemplates = async (
  env: ChatWriter,
  sends: readonly TemplateSend[],
  costs: readonly number[],
  dueAt?: Date,
): Promise<number[]> => {
  if (sends.length === 0) return []
  const clientId = sends[0].clientId
  const conversations = await openConversationsFor(
    env.db,
    clientId,
    "whatsapp",
    sends.map((s) => s.number),
  )
  const ids = await storeOutboundAll(
    env.db,
    clientId,
    sends.map((send, i) => {
      const { shown, payload } = templatePayloadOf(send, costs[i])
      return {
        conversation: conversations.get(send.number)!,
        type: "template",
        body: shown.body,
        payload,
        senderUserId: send.userId,
        automated: send.automated,
        externalId: null,
        status: "queued" as const,
      }
    }),
  )
  await handOverAfterCommit(env, clientId, ids, { dueAt })
  await announceMessages(env, clientId, ids)
  return ids
}

/**
 * Sends that all go or none does (the individual send, the composer): every one checked and the total charged before
 * any is stored, then all are handed to the channel by the chat outbox after the commit; the first refusal is thrown.
 * `answered`: the caller answers with the channel's ids (`handOverNow` after its commit). Answers each send's ids and
 * cost, in order.
 */
export const sendTemplateToAll = async (
  env: ChatWriter,
  sends: readonly TemplateSend[],
  options: { readonly ref?: string; readonly answered?: boolean } = {},
) => {
  await checkAll(env.db, sends)
  const costs = await chargeTemplateSends(env.db, sends, options.ref)
  const out: { messageId: number; conversationId: number; number: string; cost: number }[] = []
  for (const [i, send] of sends.entries())
    out.push({ ...(await queueTemplate(env, send, costs[i], options.answered)), number: send.number, cost: costs[i] })
  if (out.length > 0)
    await handOverAfterCommit(
      env,
      sends[0].clientId,
      out.map((sent) => sent.messageId),
      { answered: options.answered },
    )
  return out
}

/** One number, start to end: a batch of one. */
export const sendTemplateTo = async (env: ChatWriter, send: TemplateSend, options: { readonly answered?: boolean } = {}) =>
  (await sendTemplateToAll(env, [send], options))[0]
