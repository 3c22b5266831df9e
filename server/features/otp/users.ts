/**
 * OTP users: console users of the tenant enrolled for logging in with a one-time code, with where their codes go (a
 * number for SMS and WhatsApp providers, an address for e-mail ones). Removing one ends their code login, not their
 * account; their log rows stay.
 */
import { type SQL, sql } from "drizzle-orm"
import type { OtpUser } from "../../../src/contract/schemas/otp"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { loadProvider } from "./provider-rows"

const SELECT = sql`SELECT u.*, p.name AS provider_name FROM otp_users u LEFT JOIN otp_providers p ON p.id = u.provider_id`

export const otpUserOf = (r: Record<string, unknown>): OtpUser => ({
  id: Number(r.id),
  username: String(r.username),
  email: (r.email as string | null) || null,
  number: (r.number as string | null) || null,
  provider_id: r.provider_id === null || r.provider_id === undefined ? null : Number(r.provider_id),
  provider_name: (r.provider_name as string | null) ?? null,
  user_id: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
  enabled: Boolean(r.active),
  created_at: iso(r.created_at),
})

const loadOtpUser = async (db: Db, clientId: number, id: number) => {
  const [row] = rowsOf(await db.execute(sql`${SELECT} WHERE u.id = ${id} AND u.client_id = ${clientId}`))
  if (!row) throw notFound("OTP user")
  return row
}

/** The provider must be the tenant's, and the user must have what its channel sends to. */
const checkReach = async (db: Db, clientId: number, fields: { provider_id: number | null; email: string; number: string }) => {
  if (fields.provider_id === null) return
  const provider = await loadProvider(db, clientId, fields.provider_id).catch(() => {
    throw badRequest("No such OTP provider", "provider_id")
  })
  if (provider.channel === "email" && !fields.email) throw badRequest(`${provider.name} sends by e-mail: give an e-mail address`, "email")
  if (provider.channel !== "email" && !fields.number) throw badRequest(`${provider.name} sends to a phone: give a number`, "number")
}

const digitsOnly = (number: string | undefined) => (number ? `+${number.replace(/\D/g, "")}` : undefined)

export const handlers = [
  handle("otp", "getClientWiseUsersOtp", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input)
    const where: SQL[] = [sql`u.client_id = ${clientId}`]
    if (input.provider_id !== undefined) where.push(sql`u.provider_id = ${input.provider_id}`)
    const search = input.search?.trim()
    if (search) {
      const like = likeOf(search)
      where.push(sql`(u.username ILIKE ${like} OR u.email ILIKE ${like} OR u.number ILIKE ${like})`)
    }
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT u.*, p.name AS provider_name, count(*) OVER () AS total_rows FROM otp_users u
        LEFT JOIN otp_providers p ON p.id = u.provider_id WHERE ${sql.join(where, sql` AND `)} ORDER BY u.username, u.id`,
      paging,
    )
    return { data: { items: rows.map(otpUserOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("otp", "getUsersOtpById", async (ctx, input) => ({
    data: otpUserOf(await loadOtpUser(ctx.db, tenantOf(ctx), idOf(input.id, "OTP user"))),
  })),

  /** Enrols console user `{id}` of the tenant: the OTP user's username is the console user's. */
  handle("otp", "usersOtpById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const userId = idOf(input.id, "User")
    const [user] = rowsOf(
      await ctx.db.execute(sql`SELECT id, username, email FROM users WHERE id = ${userId} AND client_id = ${clientId} AND NOT super_admin`),
    )
    if (!user) throw notFound("User")
    const [enrolled] = rowsOf(await ctx.db.execute(sql`SELECT id FROM otp_users WHERE user_id = ${userId}`))
    if (enrolled) throw conflict(`${String(user.username)} already logs in with one-time codes`, "id")
    const fields = {
      provider_id: input.provider_id ?? null,
      email: input.email ?? String(user.email ?? ""),
      number: digitsOnly(input.number) ?? "",
    }
    await checkReach(ctx.db, clientId, fields)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO otp_users (client_id, user_id, username, email, number, provider_id, active)
        VALUES (${clientId}, ${userId}, ${String(user.username)}, ${fields.email}, ${fields.number}, ${fields.provider_id}, ${input.enabled ?? true})
        RETURNING id`),
    )
    return { data: otpUserOf(await loadOtpUser(ctx.db, clientId, Number(row.id))) }
  }),

  handle("otp", "usersOtpUpdateById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await loadOtpUser(ctx.db, clientId, idOf(input.id, "OTP user"))
    if (input.username !== undefined && before.user_id !== null && input.username !== before.username)
      throw badRequest("The username is the console user's; change it on the user", "username")
    const fields = {
      provider_id: input.provider_id === undefined ? (before.provider_id as number | null) : input.provider_id,
      email: input.email ?? String(before.email ?? ""),
      number: digitsOnly(input.number) ?? String(before.number ?? ""),
    }
    await checkReach(ctx.db, clientId, fields)
    await ctx.db.execute(sql`UPDATE otp_users SET username = ${input.username ?? String(before.username)}, email = ${fields.email},
      number = ${fields.number}, provider_id = ${fields.provider_id}, active = ${input.enabled ?? Boolean(before.active)}
      WHERE id = ${Number(before.id)} AND client_id = ${clientId}`)
    return { data: otpUserOf(await loadOtpUser(ctx.db, clientId, Number(before.id))) }
  }),

  handle("otp", "usersOtpRemoveById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const removed = rowsOf(
      await ctx.db.execute(sql`DELETE FROM otp_users WHERE id = ${idOf(input.id, "OTP user")} AND client_id = ${clientId} RETURNING id`),
    )
    if (removed.length === 0) throw notFound("OTP user")
    return { data: { ok: true } }
  }),

  /** Who of the tenant may log in with a code now: enabled, a console user, with a provider that is on. */
  handle("otp", "authOtpUsers", async (ctx) => {
    const rows = rowsOf(
      await ctx.db.execute(sql`${SELECT} WHERE u.client_id = ${tenantOf(ctx)} AND u.active AND u.user_id IS NOT NULL AND p.active
        ORDER BY u.username, u.id`),
    )
    return { data: rows.map(otpUserOf) }
  }),
]
