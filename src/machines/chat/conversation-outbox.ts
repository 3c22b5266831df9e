/**
 * The conversation's outbox: the agent's sends, shown at once and sent one at a time, in order. An item goes
 * queued -> sending -> sent (until the real message arrives and replaces it) or failed with the server's reason,
 * from where it is retried or discarded. Pure rules; the conversation machine holds the list.
 */
import type { Message } from "../../contract/schemas/chat"
import type { Failure } from "../common/failure"
import { mediaTypeOf, type SendRequest } from "./chat-actors"

export type OutState = "queued" | "sending" | "sent" | "failed"

export interface OutItem {
  readonly localId: number
  readonly request: SendRequest
  readonly state: OutState
  readonly failure: Failure | null
  readonly externalIds: readonly string[]
  readonly at: string
}

export type Outbox = readonly OutItem[]

export const enqueue = (outbox: Outbox, localId: number, request: SendRequest, at: string): Outbox => [
  ...outbox,
  { localId, request, state: "queued", failure: null, externalIds: [], at },
]

export const hasQueued = (outbox: Outbox) => outbox.some((o) => o.state === "queued")

/** The first queued item starts sending (one at a time keeps the customer's order). */
export const startSending = (outbox: Outbox): Outbox => {
  const first = outbox.find((o) => o.state === "queued")
  return outbox.map((o) => (o === first ? { ...o, state: "sending" } : o))
}

export const sendingRequest = (outbox: Outbox): SendRequest | undefined => outbox.find((o) => o.state === "sending")?.request

export const sent = (outbox: Outbox, externalIds: readonly string[]): Outbox =>
  outbox.map((o) => (o.state === "sending" ? { ...o, state: "sent", externalIds } : o))

export const failed = (outbox: Outbox, failure: Failure): Outbox =>
  outbox.map((o) => (o.state === "sending" ? { ...o, state: "failed", failure } : o))

export const retry = (outbox: Outbox, localId: number): Outbox =>
  outbox.map((o) => (o.localId === localId && o.state === "failed" ? { ...o, state: "queued", failure: null } : o))

export const discard = (outbox: Outbox, localId: number): Outbox => outbox.filter((o) => !(o.localId === localId && o.state === "failed"))

/** A loaded page holds every send acknowledged before it: those leave the outbox. */
export const withoutSent = (outbox: Outbox): Outbox => outbox.filter((o) => o.state !== "sent")

/** The real message of a send arrived (matched by the channel's message id): its placeholder goes. */
export const acknowledged = (outbox: Outbox, externalId: string | null): Outbox =>
  externalId ? outbox.filter((o) => !(o.state === "sent" && o.externalIds.includes(externalId))) : outbox

const pendingBody = (request: SendRequest): string => {
  switch (request.kind) {
    case "text":
      return request.text
    case "media":
      return request.caption ?? request.file.name
    case "template":
      return request.name
    case "products":
      return request.products.map((p) => p.name).join("\n")
  }
}

/** An unsent item drawn like a sent message (negative id: never a server id). */
export const pendingMessage = (o: OutItem, number: string, agentName: string): Message => ({
  id: -o.localId,
  external_id: null,
  conversation_id: null,
  number,
  channel_type: "whatsapp",
  direction: "outbound",
  type: o.request.kind === "media" ? mediaTypeOf(o.request.file.type) : o.request.kind === "products" ? "text" : o.request.kind,
  body: pendingBody(o.request),
  attachments: [],
  interactive: null,
  status: "queued",
  agent_name: agentName,
  dt: o.at,
})
