/**
 * A tenant's branches (client_locations): list, create or update, delete, and the nearest ones to a point. A branch
 * names an active city (400 `city_id` otherwise); its opening hours must read as hours (opening-hours.ts, 400
 * `opening_hours`); its name is unique in the tenant, compared without case (409 `name`), which is also how a bulk
 * upload finds the branch to update.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { badRequest, conflict, idOf } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"
import { LOCATION_COLUMNS, loadLocation, locationOf } from "./location-rows"
import { nearestBranches } from "./nearest"
import { parseOpeningHours } from "./opening-hours"

/** Null when the hours read well (or are empty), else why not. */
export const openingHoursError = (hours: string | undefined): string | null => {
  if (hours === undefined || hours.trim() === "") return null
  const parsed = parseOpeningHours(hours)
  return parsed.ok ? null : `Opening hours: ${parsed.error}. Write e.g. "Mon-Fri 09:00-18:00; Sat 10:00-14:00" or "24/7"`
}

export const checkCity = async (db: Db, cityId: number | undefined) => {
  if (cityId === undefined) return
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM cities ci JOIN countries co ON co.id = ci.country_id WHERE ci.id = ${cityId} AND ci.active AND co.active`,
    ),
  )
  if (!row) throw badRequest("No such active city", "city_id")
}

const checkName = async (db: Db, clientId: number, name: string, exceptId: number) => {
  const [clash] = rowsOf(
    await db.execute(
      sql`SELECT id FROM client_locations WHERE client_id = ${clientId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`,
    ),
  )
  if (clash) throw conflict(`A branch named ${name} already exists`, "name")
}

export const handlers = [
  handle("locations", "fetchClientLocations", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const parts: SQL[] = [sql`l.client_id = ${clientId}`]
    if (input.city_id !== undefined) parts.push(sql`l.city_id = ${input.city_id}`)
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(l.name ILIKE ${like} OR l.address ILIKE ${like} OR ci.name ILIKE ${like} OR l.phone ILIKE ${like})`)
    }
    const from = sql`FROM client_locations l LEFT JOIN cities ci ON ci.id = l.city_id WHERE ${sql.join(parts, sql` AND `)}`
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${LOCATION_COLUMNS} ${from} ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${offset}`),
    )
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n ${from}`))
    return { data: { items: rows.map(locationOf), totalItems: Number(count.n), page, limit } }
  }),

  handle("locations", "clientLocation", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const hoursError = openingHoursError(input.opening_hours)
    if (hoursError) throw badRequest(hoursError, "opening_hours")
    await checkCity(ctx.db, input.city_id)
    const values = {
      name: input.name,
      address: input.address,
      city: input.city_id ?? null,
      lat: input.latitude,
      lng: input.longitude,
      phone: input.phone ?? null,
      hours: input.opening_hours?.trim() || null,
    }
    if (input.id === undefined) {
      await checkName(ctx.db, clientId, input.name, 0)
      const [row] = rowsOf(
        await ctx.db.execute(sql`INSERT INTO client_locations (client_id, name, address, city_id, latitude, longitude, phone, opening_hours)
        VALUES (${clientId}, ${values.name}, ${values.address}, ${values.city}, ${values.lat}, ${values.lng}, ${values.phone}, ${values.hours})
        RETURNING id`),
      )
      return { data: await loadLocation(ctx.db, clientId, Number(row.id)) }
    }
    const id = idOf(input.id, "Location")
    await loadLocation(ctx.db, clientId, id)
    await checkName(ctx.db, clientId, input.name, id)
    await ctx.db.execute(sql`UPDATE client_locations SET name = ${values.name}, address = ${values.address}, city_id = ${values.city},
      latitude = ${values.lat}, longitude = ${values.lng}, phone = ${values.phone}, opening_hours = ${values.hours}
      WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: await loadLocation(ctx.db, clientId, id) }
  }),

  handle("locations", "deleteClientLocation", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Location")
    await loadLocation(ctx.db, clientId, id)
    await ctx.db.execute(sql`DELETE FROM client_locations WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: { ok: true } }
  }),

  handle("locations", "searchClientLocation", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const branches = await nearestBranches(ctx.db, clientId, input.latitude, input.longitude, input.limit ?? 5, {
      radiusKm: input.radius_km,
      openOnly: input.open_only,
    })
    return { data: branches }
  }),
]
