/**
 * The Cloud API's Calling API for a user-initiated call: `POST /{version}/{phone-number-id}/calls` with the call id and
 * an action. `pre_accept` and `accept` carry our SDP answer to the caller's offer (`session: { sdp_type: "answer" }`);
 * `reject` declines a ringing call, `terminate` hangs up an accepted one. A business-initiated call is `connect` with our
 * offer; Meta's answer comes back in a `calls` connect webhook. Refusals are GraphErrors.
 */
import { GraphError, graphCall } from "../meta/graph-client"
import type { CloudAccount } from "./cloud-api"

export type CallAction = "pre_accept" | "accept" | "reject" | "terminate"

export const callAction = async (account: CloudAccount, callId: string, action: CallAction, sdp?: string): Promise<void> => {
  await graphCall({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.phoneNumberId)}/calls`,
    body: {
      messaging_product: "whatsapp",
      call_id: callId,
      action,
      ...(sdp !== undefined ? { session: { sdp_type: "answer", sdp } } : {}),
    },
  })
}

/** A business-initiated call: `action: "connect"` with our SDP offer to `to` (digits); answers Meta's call id. */
export const connectCall = async (account: CloudAccount, to: string, offerSdp: string): Promise<string> => {
  const answer = await graphCall<{ calls?: { id?: unknown }[] }>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.phoneNumberId)}/calls`,
    body: { messaging_product: "whatsapp", to, action: "connect", session: { sdp_type: "offer", sdp: offerSdp } },
  })
  const id = answer.calls?.[0]?.id
  if (typeof id !== "string" || !id) throw new GraphError(null, "The Graph API accepted the call without giving its id", 200)
  return id
}
