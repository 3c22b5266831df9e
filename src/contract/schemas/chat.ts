import { Schema } from "effect"
import { Channel, Count, Id, Instant, Name, Phones, Text, Url, UserRef } from "./common"

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
export const MessageStatus = Schema.Literals(["queued", "sent", "delivered", "read", "failed", "received"])
/** The kinds a message can be sent as (`/messages/send/{type}`). */
export const SendType = Schema.Literals(["text", "image", "video", "audio", "document", "interactive", "email", "template", "typing_indicator"])
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
})
export type Message = typeof Message.Type

export const ConversationStatus = Schema.Literals(["unassigned", "active", "ongoing", "closed"])

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

const to = Phones(100)
const envelope = <K extends SendType, M extends Schema.Top>(type: K, message: M) =>
  Schema.Struct({ type: Schema.Literal(type), [type]: Schema.Struct({ to, message }) } as {
    type: Schema.Literal<K>
  } & { [P in K]: Schema.Struct<{ to: typeof to; message: M }> })

export const TextBody = Schema.Struct({ text: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(4096)) })
/** A media message by link (the channel fetches it); audio carries no caption. */
const Media = Schema.Struct({ link: Url, caption: Schema.optional(Text(1024)), filename: Schema.optional(Text(255)) })
const Audio = Schema.Struct({ link: Url })

/** `{ type: "text", text: { to: [...], message: { text } } }` (spec 001 section 3). */
export const SendText = envelope("text", TextBody)
export const SendImage = envelope("image", Media)
export const SendVideo = envelope("video", Media)
export const SendAudio = envelope("audio", Audio)
export const SendDocument = envelope("document", Media)
export const SendInteractive = envelope("interactive", Interactive)
export const SendEmail = Schema.Struct({
  type: Schema.Literal("email"),
  email: Schema.Struct({
    to: Schema.Array(Schema.String.check(Schema.isMaxLength(254), Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/))).check(
      Schema.isMinLength(1),
      Schema.isMaxLength(50),
    ),
    message: Schema.Struct({ subject: Name(200), text: Schema.String.check(Schema.isMaxLength(20_000)) }),
  }),
})
export const SendTemplate = envelope(
  "template",
  Schema.Struct({
    name: Schema.String.check(Schema.isPattern(/^[a-z0-9_]{1,512}$/)),
    language: Schema.String.check(Schema.isPattern(/^[a-z]{2}(_[A-Z]{2})?$/)),
    params: Schema.optional(Schema.Array(Text(1024)).check(Schema.isMaxLength(20))),
  }),
)
export const SendTypingIndicator = envelope("typing_indicator", Schema.Struct({ state: Schema.Literals(["typing", "paused"]) }))

/** Any of the nine payloads of `/messages/send/{type}`; `type` doubles as the path parameter. */
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
])

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
