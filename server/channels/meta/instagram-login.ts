/**
 * An Instagram professional account connected through Instagram Login (Business Login for Instagram) instead of a
 * Facebook Page: its Instagram user token works at graph.instagram.com only. `GET /me?fields=user_id,username,…` names
 * the account (`user_id` is the id its webhooks carry) and `POST|DELETE /me/subscribed_apps` subscribes it to the
 * app's webhook. Its messages go out through `POST /{ig-user-id}/messages` (send-api.ts) at the same host.
 */
import { graphCall } from "./graph-client"

/** The webhook fields an Instagram Login account is subscribed to (Meta's Instagram webhooks reference). */
export const INSTAGRAM_FIELDS = "messages,messaging_postbacks,messaging_seen,message_reactions"

export interface InstagramAccount {
  readonly id: string
  readonly username: string
  readonly name: string
  readonly pictureUrl: string | null
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")

export const instagramMe = async (baseUrl: string, token: string): Promise<InstagramAccount> => {
  const me = await graphCall<Record<string, unknown>>({
    baseUrl,
    token,
    method: "GET",
    path: "me?fields=user_id,username,name,profile_picture_url",
  })
  return { id: str(me.user_id), username: str(me.username), name: str(me.name), pictureUrl: str(me.profile_picture_url) || null }
}

export const subscribeInstagram = (baseUrl: string, token: string) =>
  graphCall({ baseUrl, token, method: "POST", path: `me/subscribed_apps?subscribed_fields=${INSTAGRAM_FIELDS}` })

export const unsubscribeInstagram = (baseUrl: string, token: string) =>
  graphCall({ baseUrl, token, method: "DELETE", path: "me/subscribed_apps" })
