/**
 * The answer to a customer's shared location (the chat's `inboundStored` hook, chat-reactions.ts, in its transaction):
 * a `locations.nearest` job goes on the queue, so it exists if and only if the message was stored; shared-location.ts
 * answers it.
 */
import type { Db } from "../../db/db"
import { enqueue } from "../../core/jobs"
import { locationTaken } from "./hooks"

/** Branches offered to a customer who shares a location. */
export const NEAREST_OFFERED = 3

export interface SharedLocation {
  readonly latitude: number
  readonly longitude: number
}

/** The location in an inbound message's payload, when it holds a valid one. */
export const sharedLocationOf = (payload: Record<string, unknown>): SharedLocation | null => {
  const location = payload.location as { latitude?: unknown; longitude?: unknown } | undefined
  const latitude = Number(location?.latitude)
  const longitude = Number(location?.longitude)
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

/** Called for every customer message, in the chat's transaction. */
export const answerSharedLocation = async (
  db: Db,
  clientId: number,
  contactId: number,
  messageId: number,
  type: string,
  payload: Record<string, unknown>,
) => {
  if (type !== "location") return
  const location = sharedLocationOf(payload)
  if (!location) return
  // A feature that takes the location answers instead (hooks.ts: a chatbot that handles shared locations).
  if (await locationTaken.first({ db, clientId, contactId })) return
  await enqueue(db, {
    kind: "locations.nearest",
    clientId,
    payload: { contact_id: contactId, ...location },
    idempotencyKey: `locations.nearest:${messageId}`,
  })
}
