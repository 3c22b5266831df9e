/**
 * The tenant's branches nearest to a point, in SQL and never by loading every branch: a box around a circle of radius
 * r is one range scan of client_locations_geo_idx (client_id, latitude, longitude); the exact haversine distance
 * ranks the branches in the box and drops those outside the circle. The circle grows (5, 25, 100, 500, 2,000 km,
 * then the whole earth) until it holds enough branches: every branch within r is in the box, so the nearest n found
 * within r are the nearest n of all.
 *
 * `nearestBranches` is what the chatbots' "send nearest locations" action calls.
 */
import { type SQL, sql } from "drizzle-orm"
import type { NearbyLocation } from "../../../src/contract/schemas/locations"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { EARTH_RADIUS_KM, boxAround, mapUrlOf } from "./geo"
import { LOCATION_COLUMNS, locationOf } from "./location-rows"
import { isOpenAt } from "./opening-hours"

const RADII_KM = [5, 25, 100, 500, 2000, Math.PI * EARTH_RADIUS_KM]

/** When only open branches count (their hours are checked here, not in SQL): candidates read per n, growing by this factor. */
const OPEN_FACTOR = 4
/** The most candidates read in one circle: beyond it the circle grows instead (a region full of closed branches). */
const MAX_CANDIDATES = 2000

export interface NearestOptions {
  /** Only within this distance (km); by default the circle grows until n branches are found. */
  readonly radiusKm?: number
  /** Only branches whose opening hours say open at `at` (without hours: open). */
  readonly openOnly?: boolean
  readonly at?: Date
}

const distanceSql = (lat: number, lng: number): SQL =>
  sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(l.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - ${lng}::float8) / 2), 2)))))`

const inBox = (lat: number, lng: number, radiusKm: number): SQL => {
  const box = boxAround(lat, lng, radiusKm)
  const parts = [sql`l.latitude BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8`]
  if (box.lng.length > 0)
    parts.push(
      sql`(${sql.join(
        box.lng.map((r) => sql`l.longitude BETWEEN ${r.from}::float8 AND ${r.to}::float8`),
        sql` OR `,
      )})`,
    )
  return sql.join(parts, sql` AND `)
}

const withinRadius = async (db: Db, clientId: number, lat: number, lng: number, radiusKm: number, limit: number) =>
  rowsOf(
    await db.execute(sql`SELECT * FROM (
      SELECT ${LOCATION_COLUMNS}, ${distanceSql(lat, lng)} AS distance_km
      FROM client_locations l LEFT JOIN cities ci ON ci.id = l.city_id
      WHERE l.client_id = ${clientId} AND ${inBox(lat, lng, radiusKm)}) near
    WHERE distance_km <= ${radiusKm}::float8 ORDER BY distance_km, id LIMIT ${limit}`),
  )

const zoneOf = async (db: Db, clientId: number) =>
  String(rowsOf(await db.execute(sql`SELECT tenant_zone(${clientId}) AS zone`))[0]?.zone ?? "UTC")

/** The `n` branches of the tenant nearest to (lat, lng), nearest first, with distance, open-now and a map link. */
export const nearestBranches = async (
  db: Db,
  clientId: number,
  lat: number,
  lng: number,
  n: number,
  options: NearestOptions = {},
): Promise<NearbyLocation[]> => {
  const at = options.at ?? new Date()
  const zone = await zoneOf(db, clientId)
  const radii = options.radiusKm === undefined ? RADII_KM : [options.radiusKm]
  let found: NearbyLocation[] = []
  search: for (const radius of radii) {
    // Only open branches count: read a few times n, and more while the circle still holds closed ones.
    for (let limit = options.openOnly ? n * OPEN_FACTOR : n; ; limit *= OPEN_FACTOR) {
      const rows = await withinRadius(db, clientId, lat, lng, radius, limit)
      found = rows.map((r) => {
        const location = locationOf(r)
        return {
          ...location,
          distance_km: Math.round(Number(r.distance_km) * 1000) / 1000,
          open_now: isOpenAt(location.opening_hours, at, zone),
          map_url: mapUrlOf(location.latitude, location.longitude),
        }
      })
      if (options.openOnly) found = found.filter((b) => b.open_now)
      if (found.length >= n) break search
      if (rows.length < limit || limit >= MAX_CANDIDATES) break
    }
  }
  return found.slice(0, n)
}
