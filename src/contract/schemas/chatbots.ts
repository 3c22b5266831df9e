/**
 * Auto-reply chatbots: a bot is a trigger and a flow of nodes (message, question, condition, action, hand-off).
 * The flow's rules (reachability, dead ends, limits) are src/contract/chatbots/flow-rules.ts; the step function that
 * runs a flow is src/contract/chatbots/flow-step.ts, shared by the server's runtime and the console's "try it" panel.
 */
import { Schema } from "effect"
import { Attributes, Channel, Id, Instant, Name, Text, Url } from "./common"

/** A node's key inside its flow: lower-case letters, digits, `_` and `-` (it names the menu in the reports). */
export const NodeId = Schema.String.check(Schema.isPattern(/^[a-z0-9_-]{1,40}$/))
/** A contact attribute the bot reads or captures. */
export const AttributeName = Schema.String.check(Schema.isPattern(/^[a-z][a-z0-9_]{0,39}$/))
const Next = Schema.NullOr(NodeId)
const BotText = Name(1024)
/** How many branches or products one bot message lists (a WhatsApp list holds 10 rows). */
export const MAX_BOT_LIST = 10
const BotListSize = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_BOT_LIST }))

/** A choice is a WhatsApp reply button or list row, whose title holds 20 characters. */
export const BotChoice = Schema.Struct({ title: Name(20), next: Next })
export type BotChoice = typeof BotChoice.Type

export const MessageNode = Schema.Struct({
  id: NodeId,
  kind: Schema.Literal("message"),
  text: BotText,
  media: Schema.optional(Schema.Struct({ type: Schema.Literals(["image", "video", "document"]), link: Url })),
  /** Buttons (up to 3, WhatsApp's limit) or a list (up to 10): the customer picks one and the flow follows it. */
  style: Schema.optional(Schema.Literals(["buttons", "list"])),
  choices: Schema.optional(Schema.Array(BotChoice).check(Schema.isMaxLength(10))),
  /** Where a message without choices goes on. */
  next: Schema.optional(Next),
})
export type MessageNode = typeof MessageNode.Type

/** `location`: the customer shares a location (or types "latitude, longitude"); stored as "lat,lng". */
export const QuestionValidation = Schema.Literals(["text", "number", "email", "date", "choice", "location"])
export type QuestionValidation = typeof QuestionValidation.Type

export const QuestionNode = Schema.Struct({
  id: NodeId,
  kind: Schema.Literal("question"),
  text: BotText,
  /** The contact attribute the answer is stored in. */
  attribute: AttributeName,
  validation: QuestionValidation,
  /** The accepted answers of a `choice` question. */
  options: Schema.optional(Schema.Array(Name(20)).check(Schema.isMaxLength(10))),
  /** Said when the answer does not pass (else the question is asked again). */
  retry_text: Schema.optional(Text(1024)),
  next: Next,
})
export type QuestionNode = typeof QuestionNode.Type

export const BotTest = Schema.Union([
  Schema.Struct({
    on: Schema.Literal("attribute"),
    attribute: AttributeName,
    op: Schema.Literals(["equals", "contains", "present", "greater", "less"]),
    value: Schema.optional(Text(200)),
  }),
  Schema.Struct({ on: Schema.Literal("tag"), tag: Name(50) }),
  Schema.Struct({ on: Schema.Literal("segment"), segment_id: Id }),
  Schema.Struct({ on: Schema.Literal("business_hours") }),
  Schema.Struct({ on: Schema.Literal("channel"), channel: Channel }),
])
export type BotTest = typeof BotTest.Type

export const ConditionNode = Schema.Struct({
  id: NodeId,
  kind: Schema.Literal("condition"),
  test: BotTest,
  yes: Next,
  no: Next,
})
export type ConditionNode = typeof ConditionNode.Type

export const BotAction = Schema.Union([
  Schema.Struct({ do: Schema.Literal("tag"), tag: Name(50) }),
  Schema.Struct({ do: Schema.Literal("flag"), flag_id: Id }),
  Schema.Struct({ do: Schema.Literal("label"), label_id: Id }),
  Schema.Struct({ do: Schema.Literal("assign_agent"), agent_id: Id }),
  Schema.Struct({ do: Schema.Literal("assign_group"), group_id: Id }),
  Schema.Struct({ do: Schema.Literal("open_ticket"), subject: Schema.optional(Text(200)) }),
  /**
   * The tenant's `count` branches nearest to the customer's location (server/features/locations/nearest.ts): the one
   * named by `attribute` (a location question's answer), else the location this message shared. None: nothing is sent.
   */
  Schema.Struct({
    do: Schema.Literal("send_nearest"),
    count: BotListSize,
    open_only: Schema.optional(Schema.Boolean),
    attribute: Schema.optional(AttributeName),
  }),
  /** Up to `limit` products in stock, of a catalogue and/or matching a search (catalogues/products.ts `productList`). */
  Schema.Struct({
    do: Schema.Literal("send_products"),
    catalogue_id: Schema.optional(Id),
    search: Schema.optional(Text(100)),
    limit: BotListSize,
  }),
])
export type BotAction = typeof BotAction.Type

export const ActionNode = Schema.Struct({ id: NodeId, kind: Schema.Literal("action"), action: BotAction, next: Next })
export type ActionNode = typeof ActionNode.Type

/** The bot stops and the conversation waits in the queue for an agent (an earlier action may have assigned one). */
export const HandoffNode = Schema.Struct({ id: NodeId, kind: Schema.Literal("handoff"), text: Schema.optional(Text(1024)) })
export type HandoffNode = typeof HandoffNode.Type

export const BotNode = Schema.Union([MessageNode, QuestionNode, ConditionNode, ActionNode, HandoffNode])
export type BotNode = typeof BotNode.Type
export type BotNodeKind = BotNode["kind"]

export const MAX_NODES = 100
export const BotFlow = Schema.Struct({
  start: NodeId,
  nodes: Schema.Array(BotNode).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_NODES)),
})
export type BotFlow = typeof BotFlow.Type

export const KeywordMatch = Schema.Literals(["exact", "contains", "regex"])
export type KeywordMatch = typeof KeywordMatch.Type

export const BotTrigger = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("keyword"),
    match: KeywordMatch,
    keywords: Schema.Array(Name(100)).check(Schema.isMinLength(1), Schema.isMaxLength(20)),
  }),
  /** The customer's first message of a conversation. */
  Schema.Struct({ type: Schema.Literal("first_message") }),
  /** Any message outside the tenant's working hours (settings). */
  Schema.Struct({ type: Schema.Literal("outside_hours") }),
  /** The customer shares a location (WhatsApp `location`). */
  Schema.Struct({ type: Schema.Literal("location") }),
  /** A button of an earlier message (a template's quick reply) whose payload is this text. */
  Schema.Struct({ type: Schema.Literal("button"), payload: Name(100) }),
])
export type BotTrigger = typeof BotTrigger.Type
export type BotTriggerType = BotTrigger["type"]

export const AutoReplyInput = {
  name: Name(80),
  trigger: BotTrigger,
  channel_type: Channel,
  flow: BotFlow,
  active: Schema.optional(Schema.Boolean),
}

export const AutoReply = Schema.Struct({
  id: Id,
  name: Schema.String,
  trigger: BotTrigger,
  channel_type: Channel,
  flow: BotFlow,
  active: Schema.Boolean,
  /** An agent's own away message (the self forms) rather than a tenant bot. */
  self_service: Schema.Boolean,
  /** The agent whose away message this is (self auto-replies only). */
  owner_id: Schema.NullOr(Id),
  attributes: Attributes,
  updated_at: Instant,
})
export type AutoReply = typeof AutoReply.Type
