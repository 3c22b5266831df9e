/**
 * The Cloud API's Calling API for a user-initiated call: `POST /{version}/{phone-number-id}/calls` with the call id and
 * an action. `pre_accept` and `accept` carry our SDP answer to the caller's offer (`session: { sdp_type: "answer" }`);
 * `reject` declines a ringing call, `terminate` hangs up an accepted one. Refusals are GraphErrors.
 */
import { graphCall } from "../meta/graph-client"
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
