/**
 * Countries and cities: platform reference data. The super admin creates, renames and switches them off; a tenant's
 * users list the active ones (to pick a branch's city). A country's ISO code and a city's name within its country are
 * unique (409 naming the field).
 */
import { type SQL, sql } from "drizzle-orm"
import type { City, Country } from "../../../src/contract/schemas/locations"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"

const countryOf = (r: Record<string, unknown>): Country => ({
  id: Number(r.id),
  name: String(r.name),
  iso_code: String(r.code),
  dial_code: String(r.dial_code),
  active: Boolean(r.active),
})
const cityOf = (r: Record<string, unknown>): City => ({
  id: Number(r.id),
  country_id: Number(r.country_id),
  name: String(r.name),
  active: Boolean(r.active),
})

/** Tenants see what is switched on; the super admin sees everything. */
const visible = (ctx: Ctx, alias: string): SQL => (ctx.principal.superAdmin ? sql`true` : sql.raw(`${alias}.active`))

const loadCountry = async (db: Db, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM countries WHERE id = ${id}`))
  if (!row) throw notFound("Country")
  return countryOf(row)
}
const loadCity = async (db: Db, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM cities WHERE id = ${id}`))
  if (!row) throw notFound("City")
  return cityOf(row)
}

const checkCountryCode = async (db: Db, code: string, exceptId: number) => {
  const [clash] = rowsOf(await db.execute(sql`SELECT name FROM countries WHERE code = ${code} AND id <> ${exceptId}`))
  if (clash) throw conflict(`${code} is already the code of ${String(clash.name)}`, "iso_code")
}
const checkCityName = async (db: Db, countryId: number, name: string, exceptId: number) => {
  const [clash] = rowsOf(
    await db.execute(sql`SELECT id FROM cities WHERE country_id = ${countryId} AND lower(name) = lower(${name}) AND id <> ${exceptId}`),
  )
  if (clash) throw conflict(`${name} is already a city of this country`, "name")
}
const checkCountryExists = async (db: Db, id: number) => {
  const [row] = rowsOf(await db.execute(sql`SELECT id FROM countries WHERE id = ${id}`))
  if (!row) throw badRequest("No such country", "country_id")
}

export const handlers = [
  handle("locations", "fetchListCountries", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input, 50)
    const parts: SQL[] = [visible(ctx, "c")]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(c.name ILIKE ${like} OR c.code ILIKE ${like} OR c.dial_code ILIKE ${like})`)
    }
    const from = sql`FROM countries c WHERE ${sql.join(parts, sql` AND `)}`
    const rows = rowsOf(await ctx.db.execute(sql`SELECT c.* ${from} ORDER BY lower(c.name), c.id LIMIT ${limit} OFFSET ${offset}`))
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n ${from}`))
    return { data: { items: rows.map(countryOf), totalItems: Number(count.n), page, limit } }
  }),

  handle("locations", "fetchListCities", async (ctx, input) => {
    const { page, limit, offset } = pageOf(input, 50)
    const parts: SQL[] = [visible(ctx, "ci"), visible(ctx, "co")]
    if (input.country_id !== undefined) parts.push(sql`ci.country_id = ${input.country_id}`)
    if (input.search?.trim()) parts.push(sql`ci.name ILIKE ${likeOf(input.search)}`)
    const where = sql.join(parts, sql` AND `)
    const from = sql`FROM cities ci JOIN countries co ON co.id = ci.country_id WHERE ${where}`
    const rows = rowsOf(await ctx.db.execute(sql`SELECT ci.* ${from} ORDER BY lower(ci.name), ci.id LIMIT ${limit} OFFSET ${offset}`))
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n ${from}`))
    return { data: { items: rows.map(cityOf), totalItems: Number(count.n), page, limit } }
  }),

  handle("locations", "createCountry", async (ctx, input) => {
    await checkCountryCode(ctx.db, input.iso_code, 0)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO countries (name, code, dial_code, active)
      VALUES (${input.name}, ${input.iso_code}, ${input.dial_code}, ${input.active ?? true}) RETURNING *`),
    )
    return { data: countryOf(row) }
  }),

  handle("locations", "updateCountryById", async (ctx, input) => {
    const id = idOf(input.id, "Country")
    await loadCountry(ctx.db, id)
    if (input.iso_code !== undefined) await checkCountryCode(ctx.db, input.iso_code, id)
    const sets: SQL[] = []
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.iso_code !== undefined) sets.push(sql`code = ${input.iso_code}`)
    if (input.dial_code !== undefined) sets.push(sql`dial_code = ${input.dial_code}`)
    if (input.active !== undefined) sets.push(sql`active = ${input.active}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send name, iso_code, dial_code or active")
    await ctx.db.execute(sql`UPDATE countries SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`)
    return { data: await loadCountry(ctx.db, id) }
  }),

  handle("locations", "createCity", async (ctx, input) => {
    await checkCountryExists(ctx.db, input.country_id)
    await checkCityName(ctx.db, input.country_id, input.name, 0)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO cities (country_id, name, active) VALUES (${input.country_id}, ${input.name}, ${input.active ?? true})
      RETURNING *`),
    )
    return { data: cityOf(row) }
  }),

  handle("locations", "updateCityById", async (ctx, input) => {
    const id = idOf(input.id, "City")
    const current = await loadCity(ctx.db, id)
    if (input.country_id !== undefined) await checkCountryExists(ctx.db, input.country_id)
    if (input.name !== undefined || input.country_id !== undefined)
      await checkCityName(ctx.db, input.country_id ?? current.country_id, input.name ?? current.name, id)
    const sets: SQL[] = []
    if (input.country_id !== undefined) sets.push(sql`country_id = ${input.country_id}`)
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.active !== undefined) sets.push(sql`active = ${input.active}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send country_id, name or active")
    await ctx.db.execute(sql`UPDATE cities SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`)
    return { data: await loadCity(ctx.db, id) }
  }),
]
