/** A campaign's recipients follow their messages in the chat (chat/hooks.ts): delivery reports and the channel's refusals. */
import { handOverRefused, statusesReported } from "../chat"
import { recipientsFailedByChannel, recipientsStatusFromChannel } from "./recipient-status"

export const hooks = [
  statusesReported.on("campaigns", 10, (r) =>
    recipientsStatusFromChannel(
      r.db,
      r.clientId,
      r.changed.map((c) => ({ message_id: c.messageId, status: c.status })),
    ),
  ),
  handOverRefused.on("campaigns", 10, (r) => recipientsFailedByChannel(r.db, r.clientId, r.messageIds, r.reason)),
]
