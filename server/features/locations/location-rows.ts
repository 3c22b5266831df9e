/** A branch as the contract shows it, read with its city's name. */
import { sql } from "drizzle-orm"
import type { Location } from "../../../src/contract/schemas/locations"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { iso } from "../../core/date-range"

/** The columns `locationOf` reads, from `client_locations l LEFT JOIN cities ci ON ci.id = l.city_id`. */
export const LOCATION_COLUMNS = sql`l.id, l.name, l.address, l.city_id, ci.name AS city, l.latitude, l.longitude, l.phone, l.opening_hours, l.created_at`

export const locationOf = (r: Record<string, unknown>): Location => ({
  id: Number(r.id),
  name: String(r.name),
  address: String(r.address),
  city_id: r.city_id === null || r.city_id === undefined ? null : Number(r.city_id),
  city: r.city === null || r.city === undefined ? null : String(r.city),
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  phone: r.phone === null || r.phone === undefined ? null : String(r.phone),
  opening_hours: r.opening_hours === null || r.opening_hours === undefined ? null : String(r.opening_hours),
  created_at: iso(r.created_at),
})

export const loadLocation = async (db: Db, clientId: number, id: number): Promise<Location> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${LOCATION_COLUMNS} FROM client_locations l LEFT JOIN cities ci ON ci.id = l.city_id
    WHERE l.id = ${id} AND l.client_id = ${clientId}`),
  )
  if (!row) throw notFound("Location")
  return locationOf(row)
}
