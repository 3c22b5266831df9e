/**
 * What Meta's error codes mean to a tenant, in one place: a refused send answers the agent with a clear 4xx, a failed
 * status or a failed reachability check is stored with the same words.
 *   131056  too many messages to one number in a short time
 *   131047  more than 24 hours since the customer last wrote (a template is needed)
 *   131026  the number cannot receive the message (not on WhatsApp, or an old app); 131030 / 100 on `to`: not allowed / invalid
 *   190     the access token expired or was revoked
 *   131062  the message cannot go to a business-scoped user id (a customer known only by their username): Meta's
 *           BSUID guide names authentication templates (one-tap, zero-tap, copy-code) among them
 *   4, 613, 80007, 130429, 131048  throughput or spam limits
 * Messenger and Instagram (Send API) say why with a subcode of code 10 / 100 / 551:
 *   2018278 (Messenger), 2534022 (Instagram)  outside the 24-hour standard messaging window
 *   1545041, 2018001, 2018108, 2534014        the person cannot be reached by the page (left, blocked, unknown id)
 */
import { ApiError } from "../../http/errors"
import type { GraphError } from "./graph-client"

export type GraphFailure =
  | "rate_limited"
  | "window_closed"
  | "invalid_number"
  | "bsuid_unsupported"
  | "auth_failed"
  | "rejected"
  | "unreachable"

const SUBCODES: Record<number, GraphFailure> = {
  2018278: "window_closed",
  2534022: "window_closed",
  1545041: "invalid_number",
  2018001: "invalid_number",
  2018108: "invalid_number",
  2534014: "invalid_number",
}

/** Subcodes only the Send API uses: its words name the page's customer, not a WhatsApp number. */
const isPageSubcode = (subcode: number | null) => subcode !== null && subcode in SUBCODES

const KINDS: Record<number, GraphFailure> = {
  4: "rate_limited",
  613: "rate_limited",
  80007: "rate_limited",
  130429: "rate_limited",
  131048: "rate_limited",
  131056: "rate_limited",
  131047: "window_closed",
  131026: "invalid_number",
  131030: "invalid_number",
  131021: "invalid_number",
  131062: "bsuid_unsupported",
  190: "auth_failed",
  10: "auth_failed",
  200: "auth_failed",
}

export const failureOf = (code: number | null, subcode: number | null = null): GraphFailure =>
  code === null ? "unreachable" : ((subcode !== null ? SUBCODES[subcode] : undefined) ?? KINDS[code] ?? "rejected")

/** The words a person reads: what happened, Meta's code, and what to do. */
export const reasonOf = (code: number | null, message: string, number?: string, subcode: number | null = null): string => {
  const meta = code === null ? "" : ` (Meta ${code}${subcode === null ? "" : `/${subcode}`})`
  const failure = failureOf(code, subcode)
  if (isPageSubcode(subcode) && failure === "window_closed")
    return `More than 24 hours since the customer last wrote${meta}: the page can answer again once they write`
  if (isPageSubcode(subcode) && failure === "invalid_number")
    return `This person cannot receive messages from the page now${meta}: they may have left the conversation or blocked the page`
  switch (failure) {
    case "rate_limited":
      return `Too many messages${number ? ` to ${number}` : ""} in a short time${meta}: wait a little and send again`
    case "window_closed":
      return `The 24-hour window${number ? ` with ${number}` : ""} is closed${meta}: send a template message instead`
    case "invalid_number":
      return `${number ?? "This number"} cannot receive WhatsApp messages${meta}: check the number`
    case "bsuid_unsupported":
      return `${number ?? "This customer"} is known only by their WhatsApp username, and Meta does not deliver this message to a username${meta}: send a text or another template`
    case "auth_failed":
      return `Meta refused the access token${meta}: reconnect the channel with a new token`
    case "unreachable":
      return `The Graph API could not be reached: ${message}`
    default:
      return `Meta refused the message${meta}: ${message}`
  }
}

const STATUS: Record<GraphFailure, [number, string]> = {
  rate_limited: [429, "RATE_LIMITED"],
  window_closed: [409, "WINDOW_CLOSED"],
  invalid_number: [422, "INVALID_NUMBER"],
  bsuid_unsupported: [422, "RECIPIENT_UNSUPPORTED"],
  auth_failed: [424, "CHANNEL_AUTH_FAILED"],
  rejected: [422, "CHANNEL_REJECTED"],
  unreachable: [424, "CHANNEL_UNREACHABLE"],
}

/** A refused send (or connection) as the caller's answer. */
export const graphRefusal = (error: GraphError, number?: string): ApiError => {
  const [status, code] = STATUS[failureOf(error.code, error.subcode)]
  return new ApiError(status, code, reasonOf(error.code, error.message, number, error.subcode))
}
