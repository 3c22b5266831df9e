/**
 * A customer shared a location in a conversation (location-hook.ts queued a `locations.nearest` job): the job answers
 * with the nearest open branches, their distance and a map link, through the chat's send path (customer-message.ts).
 */
import { nearestReply } from "../../../src/contract/chatbots/commerce-replies"
import type { JobHandler } from "../../core/jobs"
import { NEAREST_OFFERED } from "./location-hook"
import { messageCustomer } from "./customer-message"
import { nearestBranches } from "./nearest"

export const jobHandlers: JobHandler[] = [
  {
    kind: "locations.nearest",
    run: async (job, ctx) => {
      const { contact_id, latitude, longitude } = job.payload as { contact_id: number; latitude: number; longitude: number }
      const clientId = Number(job.clientId)
      const branches = await nearestBranches(ctx.db, clientId, latitude, longitude, NEAREST_OFFERED, {
        openOnly: true,
        at: ctx.clock.now(),
      })
      await messageCustomer(ctx, {
        clientId,
        contactId: contact_id,
        ...nearestReply(branches),
        senderUserId: null,
      })
    },
  },
]
