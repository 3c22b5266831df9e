/**
 * Messenger's and Instagram's Send API: `POST /{version}/{id}/messages`, answering `{ recipient_id, message_id }`; text,
 * or media by URL. Messenger: the page's id and token. Instagram connected through Facebook Login: the id and token of
 * the page linked to the account (Meta's "Instagram Messaging: Send a Message"); through Instagram Login: the Instagram
 * user's id and token at graph.instagram.com (Meta's "Instagram API with Instagram Login: Send Messages").
 */
import type { OutboundMessage } from "../message-channel"
import { GraphError, graphCall } from "./graph-client"

export interface PageAccount {
  readonly baseUrl: string
  readonly token: string
  /** The id the messages go from: the page (Messenger; Instagram through Facebook Login) or the Instagram user. */
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
