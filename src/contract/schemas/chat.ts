import { Schema } from "effect"
import { Channel, Count, CustomerNumbers, Email, Id, Instant, Name, Text, Url, UserRef } from "./common"
import { Language, TemplateName, TemplateParams } from "./templates"

/** A stored file a message or registration refers to. */
export const Attachment = Schema.Struct({
  id: Id,
  name: Schema.String,
  mime_type: Schema.String,
  size: Count,
  url: Schema.String,
})
export type Attachment = typeof Attachment.Type

/** A reply button of an interactive message: WhatsApp's `{ reply: { title } }` or a plain `{ title }` (spec 000 section 3). */
export const InteractiveButton = Schema.Union([
  Schema.Struct({ reply: Schema.Struct({ title: Schema.String.check(Schema.isMaxLength(20)) }) }),
  Schema.Struct({ title: Schema.String.check(Schema.isMaxLength(20)) }),
])
export type InteractiveButton = typeof InteractiveButton.Type

/** An interactive message (header, body, footer, buttons), as shown by the media viewer. */
export const Interactive = Schema.Struct({
  header_type: Schema.NullOr(Schema.Literals(["text", "image", "video", "document"])),
  header_value: Schema.NullOr(Schema.String.check(Schema.isMaxLength(2048))),
  body: Schema.String.check(Schema.isMaxLength(1024)),
  footer: Schema.NullOr(Schema.String.check(Schema.isMaxLength(60))),
  type: Schema.Literals(["button", "list", "product", "cta_url"]),
  actions_list: Schema.Struct({ buttons: Schema.Array(InteractiveButton).check(Schema.isMaxLength(10)) }),
})
export type Interactive = typeof Interactive.Type

export const MessageDirection = Schema.Literals(["inbound", "outbound"])
export type MessageDirection = typeof MessageDirection.Type
export const MessageStatus = Schema.Literals(["queued", "sent", "delivered", "read", "failed", "received"])
export type MessageStatus = typeof MessageStatus.Type
/** The kinds a message can be sent as (`/messages/send/{type}`). */
export const SendType = Schema.Literals([
  "text",
  "image",
  "video",
  "audio",
  "document",
  "interactive",
  "email",
  "template",
  "typing_indicator",
  "products",
])
export type SendType = typeof SendType.Type

export const Message = Schema.Struct({
  id: Id,
  /** The channel's own message id (WhatsApp `wamid...`); null until the channel accepted it. */
  external_id: Schema.NullOr(Schema.String),
  conversation_id: Schema.NullOr(Id),
  number: Schema.String,
  channel_type: Channel,
  direction: MessageDirection,
  type: Schema.String,
  body: Schema.NullOr(Schema.String),
  attachments: Schema.Array(Attachment),
  interactive: Schema.NullOr(Interactive),
  status: MessageStatus,
  /** The agent who sent an outbound message; null for customers, bots and campaigns. */
  agent_name: Schema.NullOr(Schema.String),
  dt: Instant,
  /** "bot" when a chatbot sent it (server/features/chatbots); absent otherwise. */
  sender_kind: Schema.optional(Schema.Literal("bot")),
  /** Why the channel refused a failed message (Meta's reason, kept in the payload by the channels adapter). */
  error: Schema.optional(Schema.String),
  /**
   * A customer's media the channel holds until we fetched it (WhatsApp sends only a media id): "downloading" until the
   * file is one of the message's attachments, "unavailable" when Meta refused it or the last try failed. Absent otherwise.
   */
  media: Schema.optional(Schema.Literals(["downloading", "unavailable"])),
  /** The customer's reaction to this message (WhatsApp, Messenger, Instagram). */
  reaction: Schema.optional(Schema.Struct({ emoji: Schema.String })),
  /**
   * What an Instagram message links to: a post (`share`), a reel, the story that mentioned the account, or the story a
   * reply answers (`story_reply`).
   */
  shared: Schema.optional(Schema.Struct({ kind: Schema.String, url: Schema.String, title: Schema.optional(Schema.String) })),
  /** The click-to-WhatsApp (or Messenger) ad the customer came from. */
  referral: Schema.optional(
    Schema.Struct({
      source_type: Schema.optional(Schema.String),
      source_url: Schema.optional(Schema.String),
      headline: Schema.optional(Schema.String),
      ctwa_clid: Schema.optional(Schema.String),
    }),
  ),
  /** A WhatsApp Flow's answers (`nfm_reply`), by field. */
  flow_fields: Schema.optional(Schema.Record(Schema.String, Schema.String)),
  /** When Meta says the message was sent (beside `dt`, when it reached us). */
  sent_at: Schema.optional(Instant),
  /** Sent by the business outside this console (the WhatsApp Business app, another app, the page's inbox). */
  echo: Schema.optional(Schema.Literal(true)),
})
export type Message = typeof Message.Type

export const ConversationStatus = Schema.Literals(["unassigned", "active", "ongoing", "closed"])
export type ConversationStatus = typeof ConversationStatus.Type

export const Conversation = Schema.Struct({
  id: Id,
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  status: ConversationStatus,
  agent_id: Schema.NullOr(Id),
  agent_name: Schema.NullOr(Schema.String),
  last_message: Schema.NullOr(Schema.String),
  last_message_at: Schema.NullOr(Instant),
  unread: Count,
  labels: Schema.Array(Schema.String),
  blocked: Schema.Boolean,
  started_at: Instant,
  closed_at: Schema.NullOr(Instant),
  /** End of the channel's 24-hour customer-service window; after it only templates may be sent. */
  session_expires_at: Schema.NullOr(Instant),
})
export type Conversation = typeof Conversation.Type

/** An agent as the chat screens list them: who is online and how loaded. */
export const AgentLoad = Schema.Struct({ ...UserRef.fields, active_chats: Count, max_chats: Count })
export type AgentLoad = typeof AgentLoad.Type

// ---- Sending ------------------------------------------------------------------------------------------

const to = CustomerNumbers(100)
const envelope = <K extends SendType, M extends Schema.Top>(type: K, message: M) =>
  Schema.Struct({ type: Schema.Literal(type), [type]: Schema.Struct({ to, message }) } as {
    type: Schema.Literal<K>
  } & { [P in K]: Schema.Struct<{ to: typeof to; message: M }> })

export const TextBody = Schema.Struct({ text: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(4096)) })
export type TextBody = typeof TextBody.Type
/** A media message by link (the channel fetches it); audio carries no caption. */
const Media = Schema.Struct({ link: Url, caption: Schema.optional(Text(1024)), filename: Schema.optional(Text(255)) })
const Audio = Schema.Struct({ link: Url })

/** `{ type: "text", text: { to: [...], message: { text } } }` (spec 001 section 3). */
export const SendText = envelope("text", TextBody)
export type SendText = typeof SendText.Type
export const SendImage = envelope("image", Media)
export type SendImage = typeof SendImage.Type
export const SendVideo = envelope("video", Media)
export type SendVideo = typeof SendVideo.Type
export const SendAudio = envelope("audio", Audio)
export type SendAudio = typeof SendAudio.Type
export const SendDocument = envelope("document", Media)
export type SendDocument = typeof SendDocument.Type
export const SendInteractive = envelope("interactive", Interactive)
export type SendInteractive = typeof SendInteractive.Type
export const SendEmail = Schema.Struct({
  type: Schema.Literal("email"),
  email: Schema.Struct({
    to: Schema.Array(Email).check(Schema.isMinLength(1), Schema.isMaxLength(50)),
    message: Schema.Struct({ subject: Name(200), text: Schema.String.check(Schema.isMaxLength(20_000)) }),
  }),
})
export type SendEmail = typeof SendEmail.Type
export const SendTemplate = envelope(
  "template",
  Schema.Struct({ name: TemplateName, language: Language, params: Schema.optional(TemplateParams) }),
)
export type SendTemplate = typeof SendTemplate.Type
export const SendTypingIndicator = envelope("typing_indicator", Schema.Struct({ state: Schema.Literals(["typing", "paused"]) }))
export type SendTypingIndicator = typeof SendTypingIndicator.Type

/** Most products one message carries: a WhatsApp list message has at most 10 rows (a product list allows 30). */
export const MAX_PRODUCTS_PER_MESSAGE = 10
/**
 * An agent's product or product list (beyond the spec): the tenant's in-stock products by id, built by the
 * bots' own formatters (src/contract/chatbots/commerce-replies.ts) for each recipient's channel.
 */
export const SendProducts = envelope(
  "products",
  Schema.Struct({ product_ids: Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_PRODUCTS_PER_MESSAGE)) }),
)
export type SendProducts = typeof SendProducts.Type

/** Any of the payloads of `/messages/send/{type}` (the spec's nine and `products`); `type` doubles as the path parameter. */
export const SendAny = Schema.Union([
  SendText,
  SendImage,
  SendVideo,
  SendAudio,
  SendDocument,
  SendInteractive,
  SendEmail,
  SendTemplate,
  SendTypingIndicator,
  SendProducts,
])
export type SendAny = typeof SendAny.Type

/** `{ data: { message: { messages: [{ id }] } } }`: the channel's ids of the sent messages, one per recipient. */
export const SendResult = Schema.Struct({
  data: Schema.Struct({ message: Schema.Struct({ messages: Schema.Array(Schema.Struct({ id: Schema.String })) }) }),
})
export type SendResult = typeof SendResult.Type

/** A customer as the search box and the agent's customer list show them. */
export const CustomerRef = Schema.Struct({
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  agent_id: Schema.NullOr(Id),
  agent_name: Schema.NullOr(Schema.String),
  last_message_at: Schema.NullOr(Instant),
})
export type CustomerRef = typeof CustomerRef.Type
