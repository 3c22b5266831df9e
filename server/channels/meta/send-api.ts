/**
 * Messenger's and Instagram's Send API: `POST /{version}/{page-id}/messages` with the page's token (Instagram uses the
 * page connected to its account); answers `{ recipient_id, message_id }`. Text, or media by URL.
 */
import type { OutboundMessage } from "../message-channel"
import { GraphError, graphCall } from "./graph-client"

export interface PageAccount {
  readonly baseUrl: string
  readonly token: string
  readonly pageId: string
}

const ATTACHMENT: Record<string, string> = { image: "image", video: "video", audio: "audio", document: "file" }

export const pageMessageOf = (out: OutboundMessage): Record<string, unknown> => {
  const type = ATTACHMENT[out.type]
  const link = out.payload.link
  const message =
    type && typeof link === "string" ? { attachment: { type, payload: { url: link, is_reusable: false } } } : { text: out.body }
  return { recipient: { id: out.number }, messaging_type: "RESPONSE", message }
}

/** Messenger's and Instagram's typing indicator: `sender_action` `typing_on` / `typing_off` to the customer. */
export const sendPageAction = async (account: PageAccount, recipient: string, action: "typing_on" | "typing_off"): Promise<void> => {
  await graphCall({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.pageId)}/messages`,
    body: { recipient: { id: recipient }, sender_action: action },
  })
}

export const sendPageMessage = async (account: PageAccount, out: OutboundMessage): Promise<string> => {
  const answer = await graphCall<{ message_id?: string }>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.pageId)}/messages`,
    body: pageMessageOf(out),
  })
  if (!answer.message_id) throw new GraphError(null, "The Send API accepted the message without giving its id", 200)
  return answer.message_id
}
