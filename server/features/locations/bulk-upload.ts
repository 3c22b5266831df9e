/**
 * Bulk branches from a CSV file (`/client/bulk/location`), parsed with csv-parse. The header names the columns (any
 * order, any case): name, address, latitude, longitude, and optionally city (a city's id or its name), phone,
 * opening_hours. Every data line is answered: inserted (a new name), updated (a branch of that name exists, compared
 * without case; a name twice in the file updates the first), or skipped with its line number and why. One
 * transaction: the good lines are kept even when others are refused.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { blankLine, csvTable, type LineError } from "../../core/csv-table"
import { handle } from "../../core/registry"
import { openingHoursError } from "./branches"

const REQUIRED = ["name", "address", "latitude", "longitude"] as const
const PHONE = /^\+?[0-9]{5,16}$/

/** Active cities by id and by lower-case name (a name two countries share is ambiguous: null). */
const citiesOf = async (db: Db) => {
  const rows = rowsOf(
    await db.execute(sql`SELECT ci.id, ci.name FROM cities ci JOIN countries co ON co.id = ci.country_id WHERE ci.active AND co.active`),
  )
  const byId = new Set(rows.map((r) => Number(r.id)))
  const byName = new Map<string, number | null>()
  for (const r of rows) {
    const key = String(r.name).toLowerCase()
    byName.set(key, byName.has(key) ? null : Number(r.id))
  }
  return { byId, byName }
}

const numberIn = (text: string, min: number, max: number) => {
  const n = text.trim() === "" ? Number.NaN : Number(text)
  return Number.isFinite(n) && n >= min && n <= max ? n : null
}

export const handlers = [
  handle("locations", "clientBulkLocation", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { lines, at } = csvTable(input.csv, REQUIRED)
    const cities = await citiesOf(ctx.db)
    const errors: LineError[] = []
    let inserted = 0
    let updated = 0
    for (const [index, row] of lines.entries()) {
      const line = index + 2
      if (blankLine(row)) {
        errors.push({ line, message: "Empty line" })
        continue
      }
      const name = at(row, "name")
      const address = at(row, "address")
      const latitude = numberIn(at(row, "latitude"), -90, 90)
      const longitude = numberIn(at(row, "longitude"), -180, 180)
      const cityText = at(row, "city")
      const phone = at(row, "phone")
      const hours = at(row, "opening_hours")
      const cityId =
        cityText === ""
          ? null
          : /^\d+$/.test(cityText) && cities.byId.has(Number(cityText))
            ? Number(cityText)
            : cities.byName.get(cityText.toLowerCase())
      const problem =
        name === "" || name.length > 120
          ? "name is required (at most 120 characters)"
          : address === "" || address.length > 300
            ? "address is required (at most 300 characters)"
            : latitude === null
              ? "latitude must be a number between -90 and 90"
              : longitude === null
                ? "longitude must be a number between -180 and 180"
                : cityId === undefined
                  ? `No active city "${cityText}"`
                  : cityId === null && cityText !== ""
                    ? `"${cityText}" names cities in several countries: give the city's id`
                    : phone !== "" && !PHONE.test(phone)
                      ? "phone must be digits with an optional leading +"
                      : hours.length > 200
                        ? "opening_hours must be at most 200 characters"
                        : openingHoursError(hours)
      if (problem) {
        errors.push({ line, message: problem })
        continue
      }
      const [result] = rowsOf(
        await ctx.db.execute(sql`INSERT INTO client_locations (client_id, name, address, city_id, latitude, longitude, phone, opening_hours)
        VALUES (${clientId}, ${name}, ${address}, ${cityId ?? null}, ${latitude}, ${longitude}, ${phone || null}, ${hours || null})
        ON CONFLICT (client_id, lower(name)) DO UPDATE SET address = EXCLUDED.address, city_id = EXCLUDED.city_id,
          latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, phone = EXCLUDED.phone, opening_hours = EXCLUDED.opening_hours
        RETURNING (xmax = 0) AS inserted`),
      )
      if (result.inserted === true || result.inserted === "t") inserted++
      else updated++
    }
    return { data: { inserted, updated, skipped: errors.length, errors } }
  }),
]
