/**
 * The chat core's hook points. The chat imports no other feature: a feature that reacts to a customer's message, a
 * delivery report, a conversation closing, or that adds a kind of message or a layer of the channel, registers here
 * from its own module (`export const hooks = [inboundStored.on("tickets", 40, …)]`), and the feature loader installs
 * it at start. Reactions run inside the chat's transaction, lowest order first; the orders below are the contract.
 */
import type { SQL } from "drizzle-orm"
import type { SendAny, SendResult } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import type { MessageChannel, MessageChannelEvents } from "../../channels/message-channel"
import type { PublishedEvent } from "../../core/events"
import { hookPoint, keyedPoint, listPoint, portPoint } from "../../core/hooks"
import type { Db } from "../../db/db"
import type { Ctx, Services } from "../../http/context"
import type { Holding } from "./conversation-status"

export interface ContactRow {
  readonly id: number
  readonly channel: Channel
  readonly number: string
  readonly blocked: boolean
  readonly lastInboundAt: Date | null
}

export interface OpenConversation extends Holding {
  readonly id: number
  /** Opened by this call (a new one). */
  readonly created?: boolean
}

export interface InboundInput {
  readonly channel: Channel
  readonly number: string
  readonly name?: string
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  readonly externalId?: string
}

/** A customer's message before it is stored: a reaction may take it into another conversation (the survey's answer). */
export interface InboundArriving {
  readonly db: Db
  readonly clientId: number
  readonly contact: ContactRow
  readonly message: InboundInput
  readonly at: Date
}

/** Where a taken message was stored. */
export interface InboundTaken {
  readonly conversationId: number
  readonly messageId: number
}

/** A customer's message, stored in its (locked) conversation. */
export interface InboundStored {
  readonly db: Db
  readonly clientId: number
  readonly contact: ContactRow
  readonly conversation: OpenConversation
  readonly messageId: number
  readonly message: InboundInput
  readonly at: Date
  /**
   * By key: the `openConversationFacts` of a conversation that was open before this message, or the `openingWrites`'
   * facts of the one this message opened.
   */
  readonly facts: Readonly<Record<string, unknown>>
}

/** What a feature reads with a customer's open conversation (`openConversationFacts`). */
export interface ConversationFact {
  /** The key its value is given under in `InboundStored.facts`. */
  readonly key: string
  /**
   * An SQL expression over `o`, the open conversation's row (`o.id`). It is read in the statement that locks the row,
   * with that statement's snapshot, which may predate a write committed while the lock was awaited: a fact whose change
   * the reaction must not miss has to come with a change of the row itself (which the lock re-reads).
   */
  readonly sql: SQL
}

/**
 * What a feature writes in the statement of a customer's message that opens a conversation (`openingWrites`), so
 * that its `inboundStored` reaction can skip a statement of its own.
 */
export interface OpeningWrite {
  /**
   * Its CTEs (`name AS (…)`, comma-separated, named after the feature), over `created` (the new conversation: `id`,
   * `contact_id`, `channel`) and `stored` (the message: `id`, `conversation_id`, `type`, `body`). No row when another
   * transaction opened the conversation meanwhile: then the statement stores nothing.
   */
  readonly ctes: SQL
  /** The events the CTEs record, with the message's. */
  readonly events: readonly PublishedEvent[]
  /** What the reaction reads under `InboundStored.facts`, over the CTEs. */
  readonly fact: ConversationFact
}

/** Outbound messages whose delivery state a channel's report moved forward (their conversations locked). */
export interface StatusesReported {
  readonly db: Db
  readonly clientId: number
  readonly changed: readonly { readonly messageId: number; readonly conversationId: number; readonly status: string }[]
}

/** Queued messages the channel refused for good: they are now `failed` with the channel's reason. */
export interface HandOverRefused {
  readonly db: Db
  readonly clientId: number
  readonly messageIds: readonly number[]
  readonly reason: string
}

/** A conversation closed (by an agent, or idle: by nobody). */
export interface ConversationClosed {
  readonly db: Db
  readonly clientId: number
  readonly conversationId: number
  readonly agentId: number | null
}

/** A conversation went back to the queue, still open (an agent released it). */
export interface ConversationReleased {
  readonly db: Db
  readonly clientId: number
  readonly conversationId: number
}

/** An agent read the chat with `number` (after the commit). */
export interface MessagesRead {
  readonly services: Services
  readonly clientId: number
  readonly number: string
}

/** Chat events reached the consoles (after the commit): whatever shows figures of these tenants may refresh. */
export interface EventsRelayed {
  readonly services: Services
  readonly clientIds: ReadonlySet<number>
}

/** An agent's or the API's send, before anything is stored: `count` messages to check against the tenant's limits. */
export interface SendChecked {
  readonly db: Db
  readonly clientId: number
  readonly count: number
}

/** A layer of the message channel: takes the sends it serves (a tenant's Meta account, a web-chat visitor) and passes the rest on. */
export type ChannelLayer = <C extends MessageChannel>(services: Services, events: MessageChannelEvents, inner: C) => C

/** A kind of message another feature composes (a template, the tenant's products): the whole send of that kind. */
export type SendKind = (ctx: Ctx, clientId: number, input: SendAny) => Promise<SendResult>

/**
 * Before a customer's message is stored; the first reaction that takes it wins.
 *   tenant-settings 10: the answer to a satisfaction survey stays in the surveyed conversation.
 */
export const inboundArriving = hookPoint<InboundArriving, InboundTaken | null>("chat.inboundArriving")

/**
 * After a customer's message is stored and its `message.received` event written:
 *   templates 10: STOP / İPTAL / إلغاء alone puts the number on the template opt-out list.
 *   locations 20: a shared location is answered with the nearest open branches.
 *   orders 30: a WhatsApp cart becomes an order.
 *   tickets 40: a conversation without an open ticket opens one.
 *   chatbots 50: the bot's turn (before the tenant's automatic answers: auto-assign leaves a pending turn alone).
 *   tenant-settings 60: auto-assign, the away message, the opt-out confirmation.
 *   sla 70: the SLA clock's next check of the conversation.
 */
export const inboundStored = hookPoint<InboundStored>("chat.inboundStored")

/**
 * Facts other features read with the customer's open conversation in the message's first statement, so that their
 * `inboundStored` reaction can skip a statement of its own:
 *   tickets 10: whether the conversation has an open ticket (then it opens none).
 */
export const openConversationFacts = listPoint<ConversationFact>("chat.openConversationFacts")

/**
 * What other features write in the statement of a customer's message that opens a conversation:
 *   tickets 10: the conversation's ticket, when the tenant's ticket numbers have started (its fact: the ticket is open).
 */
export const openingWrites = listPoint<(clientId: number) => OpeningWrite>("chat.openingWrites")

/**
 * After a channel's delivery reports moved messages forward:
 *   campaigns 10: the campaign's recipients follow their messages.
 *   templates 20: a failed template message is refunded.
 */
export const statusesReported = hookPoint<StatusesReported>("chat.statusesReported")

/**
 * After the outbox gave up on messages the channel refused:
 *   campaigns 10: their recipients fail with the channel's reason.
 *   templates 20: failed template messages are refunded.
 */
export const handOverRefused = hookPoint<HandOverRefused>("chat.handOverRefused")

/**
 * After a conversation closed:
 *   tickets 10: its open tickets are resolved, credited to whoever held it.
 *   tenant-settings 20: the satisfaction survey, and the waiting queue gets the freed place.
 *   sla 30: the conversation's SLA targets are settled.
 */
export const conversationClosed = hookPoint<ConversationClosed>("chat.conversationClosed")

/**
 * After an agent released a conversation to the queue: tenant-settings 10 gives the freed place to the waiting queue,
 * routing 20 tells the customer their place.
 */
export const conversationReleased = hookPoint<ConversationReleased>("chat.conversationReleased")

/** After a conversation waiting in the queue went to an agent by hand (taken, handed over): routing 10 tells the ones behind it. */
export const conversationTaken = hookPoint<ConversationReleased>("chat.conversationTaken")

/** After an agent read a chat: webchat 10 tells the visitor. */
export const messagesRead = hookPoint<MessagesRead>("chat.messagesRead")

/** After chat events were relayed: dashboard 10 refreshes the tenants' live figures. */
export const eventsRelayed = hookPoint<EventsRelayed>("chat.eventsRelayed")

/** Before a send: account-limits 10 refuses what the tenant's message limits do not allow. */
export const sendChecked = hookPoint<SendChecked>("chat.sendChecked")

/**
 * The message channel's layers around the built-in one, innermost first:
 *   channels 10: tenants with a connected Meta account send through the Graph API;
 *   webchat 20: web-chat visitors get theirs on their sockets.
 */
export const channelLayers = listPoint<ChannelLayer>("chat.channelLayers")

/** The kinds of message other features compose: templates ("template"), catalogues ("products"). */
export const sendKinds = keyedPoint<string, SendKind>("chat.sendKinds")

/** How many open chats an agent may hold: the tenant's setting (tenant-settings provides it). */
export const agentChatCap = portPoint<[db: Db, clientId: number], number>("chat.agentChatCap", async () => {
  throw new Error("No feature provides chat.agentChatCap (tenant-settings)")
})
