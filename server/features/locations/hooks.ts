/**
 * The locations' hook point: before the nearest branches answer a customer's shared location, a feature may take the
 * location itself (the first that answers true wins).
 *   chatbots 10: a bot that handles shared locations answers instead (its "send nearest locations" action).
 */
import { hookPoint } from "../../core/hooks"
import type { Db } from "../../db/db"

export interface LocationShared {
  readonly db: Db
  readonly clientId: number
  readonly contactId: number
}

export const locationTaken = hookPoint<LocationShared, true | null>("locations.locationTaken")
