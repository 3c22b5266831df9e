/**
 * chat.messagesSendText (conversations/send_text, POST <rt>/messages/send/text) and chat.messagesSendByType
 * (`/messages/send/{type}`, the spec's nine kinds and `products`, an agent's pick of the tenant's products). Served under
 * the socket-service base; one transaction for the whole request. Kinds another feature composes (a template, products)
 * are that feature's (hooks.ts `sendKinds`); the tenant's limits are checked first (`sendChecked`).
 *
 * Rules checked for every recipient before anything is sent or stored: a blocked customer is refused (403
 * CUSTOMER_BLOCKED); on WhatsApp, anything but a template outside the 24-hour customer-service window is refused (409
 * WINDOW_CLOSED). A recipient with no contact yet is a new WhatsApp customer (only a template can reach them).
 * Each message is stored `queued` with its hand-over to the channel (the chat outbox, outbox.ts); after the commit it
 * is announced as `chat:message` and handed over, and the answer waits for the channel's ids (`messages[].id`) or its
 * refusal. Media sent by the link of one of the tenant's uploads keeps that file as the message's
 * own attachment, so reading the message later hands out a fresh URL, not the sent link, which expires.
 */
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import type { SendAny, SendResult } from "../../../src/contract/schemas/chat"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, notFound } from "../../http/errors"
import { fileIdOfLink } from "../../core/signed-url"
import { answerAfterCommit, settleAnswer } from "../../core/after-commit"
import { chatWriterOf } from "./chat-bus"
import { handOverAfterCommit, handOverNow } from "./outbox"
import { queueOutbound } from "./outbound"
import { chatHubOf } from "./chat-hub"
import { blockedError, checkSend, contactFor, openConversationOf, resolveTarget, type ContactRow } from "./chat-store"
import { rowsOf } from "../../db/rows"
import type { Db } from "../../db/db"
import { fileLinksOf } from "./message-rows"
import { sendChecked, sendKinds } from "./hooks"
import type { Channel } from "../../../src/contract/schemas/common"

export interface Outgoing {
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

const outgoingOf = (input: SendAny): Outgoing => {
  switch (input.type) {
    case "text":
      return { type: "text", body: input.text.message.text, payload: {} }
    case "image":
    case "video":
    case "document": {
      const m = (input as Extract<SendAny, { type: "image" }>)[input.type as "image"].message
      return {
        type: input.type,
        body: m.caption ?? "",
        payload: {
          link: m.link,
          ...(m.caption ? { caption: m.caption } : {}),
          ...(m.filename ? { filename: m.filename } : {}),
        },
      }
    }
    case "audio":
      return { type: "audio", body: "", payload: { link: input.audio.message.link } }
    case "interactive":
      return { type: "interactive", body: input.interactive.message.body, payload: { ...input.interactive.message } }
    default:
      throw badRequest(`Unsupported message type ${input.type}`, "type")
  }
}

/** The answer of a send: the channel's ids of the messages, in order. */
export const sendAnswer = (ids: string[]): SendResult => ({ data: { message: { messages: ids.map((id) => ({ id })) } } })

/**
 * Sends one message to every recipient of `to`: all are checked first, so a refusal sends nothing. A message that
 * depends on the recipient's channel (products) is given as a function of it.
 */
export const sendToNumbers = async (
  ctx: Ctx,
  clientId: number,
  to: readonly string[],
  message: Outgoing | ((channel: Channel) => Outgoing),
): Promise<SendResult> => {
  const outFor = (channel: Channel) => (typeof message === "function" ? message(channel) : message)
  const targets: { number: string; contact: ContactRow | null }[] = []
  for (const number of new Set(to)) {
    const contact = await resolveTarget(ctx.db, clientId, number)
    checkSend(contact, number, outFor(contact?.channel ?? "whatsapp").type)
    targets.push({ number, contact })
  }
  await sendChecked.run({ db: ctx.db, clientId, count: targets.length })
  const links = fileLinksOf(ctx)
  const writer = chatWriterOf(ctx)
  const messageIds: number[] = []
  for (const { number, contact: known } of targets) {
    const contact = known ?? (await contactFor(ctx.db, clientId, "whatsapp", number))
    const out = outFor(contact.channel)
    const fileId = typeof out.payload.link === "string" ? fileIdOfLink(links.config, out.payload.link) : null
    const conversation = await openConversationOf(ctx.db, clientId, contact)
    const input = { conversation, ...out, senderUserId: ctx.principal.userId, fileId }
    messageIds.push(await queueOutbound(writer, clientId, input, { answered: true }))
  }
  await handOverAfterCommit(writer, clientId, messageIds, { answered: true })
  return answerAfterCommit(async () => sendAnswer(await handOverNow(ctx.services, clientId, messageIds)))
}

/** The channel's id of the customer's last message (WhatsApp's typing indicator points at it). */
const lastInboundIdOf = async (db: Db, clientId: number, contactId: number): Promise<string | undefined> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT m.external_id FROM conversations c JOIN messages m ON m.conversation_id = c.id
      WHERE c.client_id = ${clientId} AND c.contact_id = ${contactId} AND m.direction = 'in' AND m.external_id IS NOT NULL
      ORDER BY c.id DESC, m.id DESC LIMIT 1`),
  )
  return row ? String(row.external_id) : undefined
}

/** The agent's typing indicator: shown on the customer's side, nothing stored. */
const sendTyping = async (ctx: Ctx, clientId: number, to: readonly string[], state: "typing" | "paused"): Promise<SendResult> => {
  const hub = chatHubOf(ctx.services)
  const ids: string[] = []
  for (const number of new Set(to)) {
    const contact = await resolveTarget(ctx.db, clientId, number)
    if (!contact) throw notFound(`Customer ${number}`)
    if (contact.blocked) throw blockedError()
    const replyTo = contact.channel === "whatsapp" && state === "typing" ? await lastInboundIdOf(ctx.db, clientId, contact.id) : undefined
    await hub.channel.typing({ clientId, channel: contact.channel, number, state, ...(replyTo ? { replyTo } : {}) })
    ids.push(`typing.${randomUUID()}`)
  }
  return sendAnswer(ids)
}

/**
 * E-mail: stored in the conversation of the tenant's contact with that address (when there is one) and handed over by
 * the outbox; to an address no contact has, nothing is stored and it leaves after the commit.
 */
const sendEmail = async (ctx: Ctx, clientId: number, input: Extract<SendAny, { type: "email" }>): Promise<SendResult> => {
  const hub = chatHubOf(ctx.services)
  const answers: (() => Promise<string[]>)[] = []
  const { subject, text } = input.email.message
  await sendChecked.run({ db: ctx.db, clientId, count: new Set(input.email.to).size })
  for (const address of new Set(input.email.to)) {
    const [row] = rowsOf(
      await ctx.db.execute(sql`SELECT number FROM contacts WHERE client_id = ${clientId} AND lower(email) = lower(${address})
      ORDER BY last_inbound_at DESC NULLS LAST, id LIMIT 1`),
    )
    const out: Outgoing = { type: "email", body: `${subject}\n\n${text}`, payload: { email: { to: address, subject } } }
    if (row) {
      const sent = await sendToNumbers(ctx, clientId, [String(row.number)], out)
      answers.push(async () => (await settleAnswer(sent)).data.message.messages.map((m) => m.id))
      continue
    }
    const email = { clientId, channel: "webchat" as const, number: address, type: "email", body: out.body, payload: out.payload }
    answers.push(async () => [(await hub.channel.send(email)).externalId])
  }
  return answerAfterCommit(async () => {
    const ids: string[] = []
    for (const next of answers) ids.push(...(await next()))
    return sendAnswer(ids)
  })
}

export const handlers = [
  handle("chat", "messagesSendText", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    return sendToNumbers(ctx, clientId, input.text.to, { type: "text", body: input.text.message.text, payload: {} })
  }),
  handle("chat", "messagesSendByType", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    if (input.type === "typing_indicator") return sendTyping(ctx, clientId, input.typing_indicator.to, input.typing_indicator.message.state)
    if (input.type === "email") return sendEmail(ctx, clientId, input)
    const kind = sendKinds.get(input.type)
    if (kind) return kind(ctx, clientId, input)
    const to = (input as unknown as Record<string, { to: readonly string[] }>)[input.type].to
    return sendToNumbers(ctx, clientId, to, outgoingOf(input))
  }),
]
