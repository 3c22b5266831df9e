/**
 * The message side of every customer channel (WhatsApp, Facebook, Instagram, SMS, web chat) behind one interface, so
 * the built-in simulator and real adapters (Cloud API, Graph API, an SMS gateway) are interchangeable. The chat hub
 * drives the adapter (send, typing) and the adapter reports what the far end does through `MessageChannelEvents`.
 */
import type { Channel } from "../../src/contract/schemas/common"

export type MessageStatusUpdate = "sent" | "delivered" | "read" | "failed"

export interface OutboundMessage {
  readonly clientId: number
  readonly channel: Channel
  readonly number: string
  /** text, image, video, audio, document, interactive, template, email. */
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
  /**
   * Our stable key of this hand-over (`msg:<message id>`): a channel that sees the same key again answers the first
   * hand-over's id and delivers nothing more (the outbox may hand a message over twice if a process dies between the
   * channel's answer and recording it).
   */
  readonly key?: string
}

export interface InboundMessage {
  readonly clientId: number
  readonly channel: Channel
  readonly number: string
  readonly name?: string
  readonly type: "text" | "image" | "document" | "video" | "audio" | "location" | "order"
  readonly text?: string
  readonly link?: string
  readonly filename?: string
  /** A shared location (type `location`; WhatsApp's `location` message). */
  readonly location?: { readonly latitude: number; readonly longitude: number; readonly name?: string; readonly address?: string }
  /** A cart sent from the catalogue (type `order`; WhatsApp's `order` message: `product_items`). */
  readonly order?: {
    readonly catalog_id?: string
    readonly text?: string
    readonly product_items: readonly {
      readonly product_retailer_id: string
      readonly quantity: number
      readonly item_price?: number
      readonly currency?: string
    }[]
  }
  /** The channel's own id of the message, when it has one. */
  readonly externalId?: string
}

export interface MessageChannelEvents {
  /** A customer wrote in. Resolves to the stored ids; rejects (an ApiError) when the tenant refuses it (blocked customer). */
  readonly inbound: (message: InboundMessage) => Promise<{ conversationId: number; messageId: number }>
  /** The channel reports a delivery state of an outbound message it accepted under `externalId`. */
  readonly status: (update: { clientId: number; externalId: string; status: MessageStatusUpdate }) => Promise<void>
  /** The customer is typing, or stopped. */
  readonly typing: (update: { clientId: number; channel: Channel; number: string; state: "typing" | "paused" }) => Promise<void>
}

/** The agent's typing indicator for one customer. */
export interface AgentTyping {
  readonly clientId: number
  readonly channel: Channel
  readonly number: string
  readonly state: "typing" | "paused"
  /** The channel's id of the customer's last message: WhatsApp shows typing as a reply to it (none: nothing to show). */
  readonly replyTo?: string
}

export interface MessageChannel {
  /** Hands a message to the channel; resolves to the channel's id of it (WhatsApp `wamid...`). */
  readonly send: (message: OutboundMessage) => Promise<{ externalId: string }>
  /** Shows or hides the agent's typing indicator on the customer's side. */
  readonly typing: (update: AgentTyping) => Promise<void>
  readonly close: () => Promise<void>
}

export type MessageChannelFactory = (events: MessageChannelEvents) => MessageChannel
