/**
 * WhatsApp Cloud API calls (webhook field `calls`) fed to the voice-call hub (features/calls/call-hub.ts), from the
 * webhook job: a connect with the caller's offer rings the tenant's agents under Meta's call id, and what the agent
 * does goes back to Meta through the Graph API (`/{phone-number-id}/calls`: pre_accept + accept with our SDP answer,
 * reject, terminate); a terminate ends the call on the agents' screens; a retried connect rings nobody again.
 * An agent's call to a customer (placed by meta-dialer.ts): `statuses[]` of type call move it on (RINGING, REJECTED),
 * and the connect webhook carrying Meta's SDP answer connects it.
 * The hub writes in transactions of its own, so it hears of the webhook after the job's transaction committed. Any
 * server process may run the webhook: the call's state is in the database and the Meta leg is rebuilt where needed.
 */
import type { WaCall, WaCallStatus } from "../../channels/whatsapp-cloud/webhook-events"
import type { JobContext } from "../../core/jobs"
import { hubOf } from "../calls"
import type { AccountRow } from "./accounts"

const log = (what: string) => (error: unknown) => console.error(`[channels] ${what}`, error)

export const metaCallEvent = (ctx: JobContext, account: AccountRow, event: WaCall | WaCallStatus) => {
  const clientId = account.clientId
  const hub = hubOf(ctx.services)
  if (event.kind === "call-status") {
    // Progress of an agent's call to a customer (not a message status).
    ctx.afterCommit(() => hub.metaStatus(clientId, event.id, event.status))
    return
  }
  if (event.event === "terminate") {
    ctx.afterCommit(() => void hub.metaTerminate(clientId, event.id).catch(log(`ending call ${event.id}`)))
    return
  }
  if (event.event === "connect" && event.sdpType === "answer" && event.sdp) {
    const sdp = event.sdp
    ctx.afterCommit(() => void hub.metaAnswered(clientId, event.id, sdp).catch(log(`answering call ${event.id}`)))
    return
  }
  if (event.event !== "connect" || event.sdpType !== "offer" || !event.sdp || !event.id || !event.from) {
    console.info(`[channels] tenant ${clientId}: ignored call event ${event.event} (${event.sdpType ?? "no session"}) of ${event.id}`)
    return
  }
  const number = `+${event.from}`
  ctx.afterCommit(
    () =>
      void hub
        .metaConnect({
          clientId,
          callId: event.id,
          name: event.name ?? `Customer ${number.slice(-4)}`,
          number,
          offer: event.sdp!,
          numberId: account.externalId,
        })
        .then((rang) => {
          if (!rang) console.info(`[channels] tenant ${clientId}: call ${event.id} connected again (ignored)`)
        })
        .catch(log(`ringing call ${event.id}`)),
  )
}
