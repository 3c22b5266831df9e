/**
 * The channels a server falls back to where no provider is connected: the message channel of a number without a
 * Meta account (or SMS gateway), the voice channel of a tenant without a WhatsApp Cloud API number, and WhatsApp's side
 * of templates. The app chooses them at start (`Services.fallbackChannels`):
 *  - a development server: the simulators of server/dev (the customers' phones, template review), steered by /dev/*;
 *  - production: `notConnectedChannels`, which refuses every send, call and review with 409 CHANNEL_NOT_CONNECTED,
 *    never a pretended success.
 * The hubs (features/chat/chat-hub.ts, features/calls/call-hub.ts) and templates (features/templates/template-channel.ts)
 * make theirs from it; the shapes below are what the simulators add to a channel, answered with "nothing" in production.
 */
import type { Channel } from "../../src/contract/schemas/common"
import { CallStatus } from "../../src/contract/voice-calls"
import { ApiError } from "../http/errors"
import type { VoiceChannel, VoiceChannelEvents } from "./channel-adapter"
import type { InboundMessage, MessageChannel, MessageChannelEvents, MessageStatusUpdate } from "./message-channel"

/** A message as the customer's phone received it (the simulator's inbox). */
export interface PhoneMessage {
  readonly id: number
  readonly external_id: string
  readonly type: string
  readonly body: string
  readonly attachments: { name: string; url: string }[]
  status: MessageStatusUpdate
  readonly dt: string
}

/** The chat hub's channel: sends and typing, plus the customer's side that the simulator plays. */
export interface SimulatedMessageChannel extends MessageChannel {
  readonly received: (clientId: number, channel: Channel, number: string) => readonly PhoneMessage[]
  /**
   * The customer read an outbound message: reports `read`. False when the channel never got that message, or when
   * `clientId` (null: any) is not the tenant that sent it.
   */
  readonly read: (externalId: string, clientId?: number | null) => Promise<boolean>
  /** A customer writes in: the chat's one inbound path (the SMS gateway's inbound messages take it too). */
  readonly customerWrites: (message: InboundMessage) => Promise<{ conversationId: number; messageId: number }>
  readonly customerTypes: (update: { clientId: number; channel: Channel; number: string; state: "typing" | "paused" }) => Promise<void>
  /** What the customer sees of the agent's typing indicator. */
  readonly agentTyping: (clientId: number, channel: Channel, number: string) => "typing" | "paused" | null
}

/** The call hub's own voice channel, with the customer's side that the simulator plays. */
export interface SimulatedChannel extends VoiceChannel {
  /** The customer calls the tenant. */
  readonly placeCall: (call: { clientId: number; number: string; name?: string }) => Promise<string>
  /** The customer hangs up. */
  readonly customerHangup: (callId: string) => Promise<boolean>
  /** The customer of an answered call speaks `packets` (20 ms Opus each, looped) until null; false: no such call here. */
  readonly customerSays: (callId: string, packets: readonly Buffer[] | null) => boolean
}

export interface TemplateVerdict {
  readonly status: "APPROVED" | "REJECTED"
  readonly reason: string | null
}

/** WhatsApp's side of templates: the review of a submitted template, and whether a number has a WhatsApp account. */
export interface TemplateChannel {
  readonly review: (t: { clientId: number; name: string; language: string; category: string }) => Promise<TemplateVerdict>
  readonly onWhatsApp: (clientId: number, number: string) => Promise<boolean>
}

/** What a server makes its fallback channels from (once per server: each hub calls its factory once). */
export interface FallbackChannels {
  readonly messages: (events: MessageChannelEvents) => SimulatedMessageChannel
  readonly voice: (events: VoiceChannelEvents) => SimulatedChannel
  readonly templates: () => TemplateChannel
}

export const CHANNEL_NOT_CONNECTED = "CHANNEL_NOT_CONNECTED"

const notConnected = (message: string) => new ApiError(409, CHANNEL_NOT_CONNECTED, message)
const NO_MESSAGE_CHANNEL = "This number has no connected channel: connect WhatsApp, Facebook, Instagram or SMS in Channels"
const NO_VOICE_CHANNEL = "This tenant has no connected WhatsApp number for calls: connect WhatsApp Cloud API in Channels"
const NO_TEMPLATE_CHANNEL =
  "WhatsApp's template review is not connected on this server: import the account's approved templates (Template migration)"

/**
 * Production's fallback: every send, call and review is refused (409 CHANNEL_NOT_CONNECTED). A customer writing in
 * (the SMS gateway's inbound messages) still reaches the chat; the agent's typing indicator is only a hint, so it is
 * dropped rather than refused; hang-ups and media have nothing to release.
 */
export const notConnectedChannels: FallbackChannels = {
  messages: (events) => ({
    send: async () => {
      throw notConnected(NO_MESSAGE_CHANNEL)
    },
    typing: async () => {},
    close: async () => {},
    received: () => [],
    read: async () => false,
    customerWrites: (message) => events.inbound(message),
    customerTypes: (update) => events.typing(update),
    agentTyping: () => null,
  }),
  voice: (events) => ({
    placeCall: async () => {
      throw notConnected(NO_VOICE_CHANNEL)
    },
    customerHangup: async () => false,
    customerSays: () => false,
    acceptIncoming: async () => {
      throw notConnected(NO_VOICE_CHANNEL)
    },
    // The agent's call is already on their screen: it ends FAILED there, and the refusal is the dial's error.
    dial: async (callId) => {
      events.ended(callId, CallStatus.failed)
      throw notConnected(NO_VOICE_CHANNEL)
    },
    addCandidate: async () => {},
    hangup: async () => {},
    stats: () => null,
    hold: async () => false,
    reconnect: async () => {
      throw notConnected(NO_VOICE_CHANNEL)
    },
    consult: async () => {
      throw notConnected(NO_VOICE_CHANNEL)
    },
    endConsult: async () => false,
    record: () => false,
    close: async () => {},
  }),
  templates: () => ({
    review: async () => {
      throw notConnected(NO_TEMPLATE_CHANNEL)
    },
    onWhatsApp: async () => {
      throw notConnected("Checking numbers needs WhatsApp's contact check, which is not connected on this server")
    },
  }),
}
