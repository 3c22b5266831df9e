/**
 * A Messenger or Instagram customer's name from Meta's User Profile API, asked with the id the webhook named them by:
 *   Messenger: `GET /{PSID}?fields=first_name,last_name,profile_pic` with the page's token;
 *   Instagram: `GET /{IGSID}?fields=name,username,profile_pic` with the token of the way the account was connected (the
 *   page's at graph.facebook.com, or the Instagram user's at graph.instagram.com).
 * Meta refuses a person who has not consented (they never wrote, only commented: "User consent is required", code
 * 230) and says no when they blocked the business; rate limits (4, 17, 32, 613) are worth a later try, the rest is not.
 */
import { type GraphError, graphCall } from "./graph-client"

export interface ProfileAccount {
  readonly baseUrl: string
  readonly token: string
}

export interface CustomerProfile {
  /** What the console shows: the person's name, else their Instagram username; empty when Meta has neither. */
  readonly name: string
  readonly username: string | null
}

const RATE_LIMITS = new Set([4, 17, 32, 613, 80006])

/** A refusal that a later try may not get: throttling and an unreachable Graph API are worth one, the rest not. */
export const isWorthRetrying = (error: GraphError) => error.code === null || RATE_LIMITS.has(error.code) || (error.httpStatus ?? 0) >= 500

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "")

export const customerProfile = async (
  account: ProfileAccount,
  channel: "facebook" | "instagram",
  customerId: string,
): Promise<CustomerProfile> => {
  const fields = channel === "facebook" ? "first_name,last_name,profile_pic" : "name,username,profile_pic"
  const answer = await graphCall<Record<string, unknown>>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "GET",
    path: `${encodeURIComponent(customerId)}?fields=${fields}`,
  })
  if (channel === "facebook") return { name: [text(answer.first_name), text(answer.last_name)].filter(Boolean).join(" "), username: null }
  const username = text(answer.username) || null
  return { name: text(answer.name) || username || "", username }
}
