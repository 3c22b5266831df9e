/**
 * The chat inbox's side effects: the API calls (through the Api service, run by `fromEffect`) and the chat events of
 * the shared real-time socket (a `fromCallback` whose clean-up drops the subscription). Model tests replace these.
 */
import { Effect } from "effect"
import type { ChatToBrowser, ChatToBrowserEvent } from "../../contract/chat-events"
import type { Conversation, Message } from "../../contract/schemas/chat"
import type { CannedMessage, CustomerProfile } from "../../contract/schemas/contacts"
import type { Template } from "../../contract/schemas/templates"
import type { Label } from "../../contract/schemas/tagging"
import type { AgentLoad } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
import { ApiConfig } from "../../services/api/config"
import { ChatFiles, type PickedFile } from "../../services/chat/chat-files"
import type { RealtimeStatus } from "../../services/realtime/realtime"
import { mayCallNow } from "../acl/may-call"
import { fromEffect } from "../common/from-effect"
import { fromRealtime } from "../common/realtime-actor"
import type { Box, InboxFilters } from "./chat-logic"
import { type LookupKind, lookupCalls } from "./lookup-calls"

/** Conversations in each box of the inbox, as the server counts them. */
export type BoxCounts = Readonly<Record<Box, number>>

export const PAGE_SIZE = 30
export const MESSAGE_PAGE = 40

/** A chat event as the inbox receives it: `rt.<event>` with the payload's fields. */
export type ChatSocketEvent =
  | { [E in ChatToBrowserEvent]: { type: `rt.${E}` } & ChatToBrowser[E] }[ChatToBrowserEvent]
  | { type: "rt.status"; status: RealtimeStatus }

export const chatSocket = fromRealtime("chat")

export interface ConversationPageInput {
  readonly filters: InboxFilters
  readonly page: number
}
export interface ConversationPage {
  readonly items: readonly Conversation[]
  readonly total: number
}

export const loadConversations = fromEffect(({ filters, page }: ConversationPageInput) =>
  Effect.gen(function* () {
    const api = yield* Api
    const query = {
      page,
      limit: PAGE_SIZE,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.channel ? { channel_type: filters.channel } : {}),
    }
    const body =
      filters.box === "mine"
        ? yield* api.call("chat", "agentConversations", query)
        : filters.box === "unassigned"
          ? yield* api.call("chat", "agentUnassignedConversations", query)
          : yield* api.call("chat", "agentConversationsOngoing", {
              ...query,
              ...(filters.status ? { status: filters.status } : { queue: true }),
            })
    return { items: body.data.items, total: body.data.totalItems } satisfies ConversationPage
  }),
)

/**
 * The three boxes' badge numbers: each box list's own total on the server (one definition per box: inbox.ts), under
 * the list's channel and search filters, so a badge never depends on which pages the console happened to load.
 */
export const loadBoxCounts = fromEffect((filters: InboxFilters) =>
  Effect.gen(function* () {
    const api = yield* Api
    const query = {
      page: 1,
      limit: 1,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.channel ? { channel_type: filters.channel } : {}),
    }
    const [mine, unassigned, all] = yield* Effect.all(
      [
        api.call("chat", "agentConversations", query),
        api.call("chat", "agentUnassignedConversations", query),
        api.call("chat", "agentConversationsOngoing", { ...query, queue: true }),
      ],
      { concurrency: 3 },
    )
    return { mine: mine.data.totalItems, unassigned: unassigned.data.totalItems, all: all.data.totalItems } satisfies BoxCounts
  }),
)

export const loadMessages = fromEffect(({ conversationId, page }: { conversationId: number; page: number }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("chat", "agentGetChat", { conversation_id: conversationId, page, limit: MESSAGE_PAGE })
    return { items: body.data.items as readonly Message[], total: body.data.totalItems }
  }),
)

export type MediaType = "image" | "video" | "audio" | "document"
export type SendRequest =
  | { readonly kind: "text"; readonly text: string }
  /** The file as picked; it is read (ChatFiles) when it is sent. */
  | { readonly kind: "media"; readonly file: PickedFile; readonly caption?: string }
  | { readonly kind: "template"; readonly name: string; readonly language: string; readonly params: readonly string[] }
  /** Products picked in the composer (their names are the placeholder's text until the real message arrives). */
  | { readonly kind: "products"; readonly products: readonly { readonly id: number; readonly name: string }[] }

export const mediaTypeOf = (mime: string): MediaType =>
  mime.startsWith("image/") ? "image" : mime.startsWith("video/") ? "video" : mime.startsWith("audio/") ? "audio" : "document"

/** Text, templates and products go straight out; a file is uploaded first and then sent by its link (the channel fetches it). */
export const sendMessage = fromEffect(({ number, request }: { number: string; request: SendRequest }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const to = [number]
    if (request.kind === "text") {
      const r = yield* api.call("chat", "messagesSendText", {
        type: "text",
        text: { to, message: { text: request.text } },
      })
      return r.data.message.messages.map((m) => m.id)
    }
    if (request.kind === "template") {
      const message = {
        name: request.name,
        language: request.language,
        ...(request.params.length ? { params: request.params } : {}),
      }
      const r = yield* api.call("chat", "messagesSendByType", { type: "template", template: { to, message } })
      return r.data.message.messages.map((m) => m.id)
    }
    if (request.kind === "products") {
      const message = { product_ids: request.products.map((p) => p.id) }
      const r = yield* api.call("chat", "messagesSendByType", { type: "products", products: { to, message } })
      return r.data.message.messages.map((m) => m.id)
    }
    const config = yield* ApiConfig
    const file = yield* (yield* ChatFiles).read(request.file)
    const uploaded = yield* api.call("uploads", "upload", {
      file_name: file.name,
      mime_type: file.mime,
      data_base64: file.base64,
    })
    const link = new URL(uploaded.data.url, config.origin).toString()
    const caption = request.caption?.trim() ? { caption: request.caption.trim() } : {}
    const type = mediaTypeOf(file.mime)
    const payload =
      type === "audio"
        ? { type: "audio" as const, audio: { to, message: { link } } }
        : type === "image"
          ? { type: "image" as const, image: { to, message: { link, ...caption } } }
          : type === "video"
            ? { type: "video" as const, video: { to, message: { link, ...caption } } }
            : {
                type: "document" as const,
                document: { to, message: { link, filename: file.name, ...caption } },
              }
    const r = yield* api.call("chat", "messagesSendByType", payload)
    return r.data.message.messages.map((m) => m.id)
  }),
)

export type ChatAction =
  | { readonly op: "take" }
  | { readonly op: "transfer"; readonly agentId: number; readonly agentName: string; readonly note: string }
  | { readonly op: "close"; readonly resolution: string; readonly survey: boolean }
  | { readonly op: "block"; readonly reason: string }
  | { readonly op: "unblock" }
  | { readonly op: "complaint"; readonly category: string; readonly message: string }
  | { readonly op: "label"; readonly labelId: number; readonly name: string; readonly on: boolean }
  | { readonly op: "read" }

export interface ActionResult {
  readonly conversation?: Conversation
  readonly patch?: Partial<Conversation>
  readonly ticket?: string
}

export const runAction = fromEffect(
  ({ conversation: c, userId, action }: { conversation: Conversation; userId: number; action: ChatAction }) =>
    Effect.gen(function* () {
      const api = yield* Api
      switch (action.op) {
        case "take":
          return {
            conversation: (yield* api.call("chat", "chatUpdateByNumber", {
              number: c.number,
              agent_id: userId,
              status: "active",
            })).data,
          }
        case "transfer":
          return {
            conversation: (yield* api.call("chat", "shiftTicket", {
              conversation_id: c.id,
              agent_id: action.agentId,
              ...(action.note.trim() ? { note: action.note.trim() } : {}),
            })).data,
          }
        case "close":
          return {
            conversation: (yield* api.call("chat", "chatClose", {
              conversation_id: c.id,
              send_survey: action.survey,
              ...(action.resolution.trim() ? { resolution: action.resolution.trim() } : {}),
            })).data,
          }
        case "block":
          yield* api.call("chat", "customerBlock", {
            number: c.number,
            ...(action.reason.trim() ? { reason: action.reason.trim() } : {}),
          })
          return { patch: { blocked: true } }
        case "unblock":
          yield* api.call("chat", "customerUnblock", { number: c.number })
          return { patch: { blocked: false } }
        case "complaint": {
          const r = yield* api.call("complaints", "postComplaintMetadata", {
            number: c.number,
            channel_type: c.channel_type,
            conversation_id: c.id,
            customer_message: action.message.trim(),
            ...(c.name ? { name: c.name } : {}),
            ...(action.category.trim() ? { category: action.category.trim() } : {}),
          })
          return { ticket: String((r.data as { ticket_number?: unknown }).ticket_number ?? "") }
        }
        case "label":
          yield* api.call("tagging", action.on ? "labelUser" : "labelRemove", {
            label_id: action.labelId,
            conversation_id: c.id,
          })
          return {
            patch: {
              labels: action.on ? [...c.labels.filter((l) => l !== action.name), action.name] : c.labels.filter((l) => l !== action.name),
            },
          }
        case "read":
          yield* api.call("chat", "messagesReset", { number: c.number })
          return { patch: { unread: 0 } }
      }
    }) as Effect.Effect<ActionResult, unknown, Api | ApiConfig>,
)

export interface LookupItems {
  canned: readonly CannedMessage[]
  templates: readonly Template[]
  agents: readonly AgentLoad[]
  labels: readonly Label[]
}

export const loadLookup = fromEffect(({ kind }: { kind: LookupKind }) =>
  Effect.gen(function* () {
    const api = yield* Api
    if (!(yield* mayCallNow(lookupCalls[kind]))) return [] as readonly unknown[]
    switch (kind) {
      case "canned":
        return (yield* api.call("cannedMessages", "cannedMessagesByType", { type: "chat" })).data as readonly unknown[]
      case "templates":
        return (yield* api.call("templates", "getTemplateMessageAgent", { limit: 200 })).data.items as readonly unknown[]
      case "agents":
        return (yield* api.call("chat", "listAgentadminlist", { limit: 200 })).data.items as readonly unknown[]
      case "labels":
        return (yield* api.call("tagging", "labels", { limit: 200 })).data.items as readonly unknown[]
    }
  }),
)

export const loadProfile = fromEffect(({ number }: { number: string }) =>
  Effect.map(
    Effect.flatMap(Api, (api) => api.call("contacts", "fetchCustomerProfile", { number })),
    (r) => r.data as CustomerProfile,
  ),
)

export interface ProfileEdit {
  readonly name: string
  readonly email: string
  /** The whole set as edited; keys missing from it are sent as null (removed). */
  readonly attributes: Readonly<Record<string, string>>
}

export const saveProfile = fromEffect(
  ({ number, edit, before }: { number: string; edit: ProfileEdit; before: Readonly<Record<string, unknown>> }) =>
    Effect.gen(function* () {
      const api = yield* Api
      const attributes: Record<string, string | null> = { ...edit.attributes }
      for (const key of Object.keys(before)) if (!(key in edit.attributes)) attributes[key] = null
      yield* api.call("contacts", "updateCustomerAttributes", {
        number,
        attributes: attributes as never,
        ...(edit.name.trim() ? { name: edit.name.trim() } : {}),
        ...(edit.email.trim() ? { email: edit.email.trim() } : {}),
      })
      return (yield* api.call("contacts", "fetchCustomerProfile", { number })).data as CustomerProfile
    }),
)
