/**
 * A customer shared a location in a conversation (location-hook.ts queued a `locations.nearest` job): the job answers
 * with the nearest open branches, their distance and a map link, through the chat's send path (customer-message.ts).
 */
import type { NearbyLocation } from "../../../src/contract/schemas/locations"
import type { JobHandler } from "../../core/jobs"
import { NEAREST_OFFERED } from "./location-hook"
import { messageCustomer } from "./customer-message"
import { nearestBranches } from "./nearest"

const km = (distance: number) => (distance < 10 ? distance.toFixed(1) : Math.round(distance).toString())

/** The reply's text: one numbered block per branch. */
export const nearestReplyText = (branches: readonly NearbyLocation[]): string => {
  if (branches.length === 0) return "Sorry, none of our branches is open near you right now."
  const blocks = branches.map((b, i) =>
    [
      `${i + 1}. ${b.name} (${km(b.distance_km)} km)`,
      b.address,
      ...(b.opening_hours ? [`Hours: ${b.opening_hours}`] : []),
      ...(b.phone ? [`Phone: ${b.phone}`] : []),
      b.map_url,
    ].join("\n"),
  )
  return [`Our nearest open ${branches.length === 1 ? "branch" : "branches"}:`, ...blocks].join("\n\n")
}

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
        type: "text",
        body: nearestReplyText(branches),
        payload: { nearest_locations: branches.map((b) => ({ id: b.id, distance_km: b.distance_km, map_url: b.map_url })) },
        senderUserId: null,
      })
    },
  },
]
