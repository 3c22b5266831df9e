/**
 * Tenants' SMS accounts (created by super admins, with an optional own rate) and sender masks. A tenant asks for a mask
 * on one of its accounts (pending); a super admin approves or rejects it (a mask a super admin adds is approved at
 * once). A tenant sees only its own accounts and masks; renaming a mask sends it back for approval.
 */
import { type SQL, sql } from "drizzle-orm"
import type { MaskStatus, SmsClient, SmsMasking } from "../../../src/contract/schemas/sms"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { badRequest, forbidden, notFound } from "../../http/errors"
import { pageOf, windowPage } from "../../core/paging"
import { handle } from "../../core/registry"
import { seal, hintOf } from "./secret-box"

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

/** Whose rows the caller sees: a super admin every tenant's (or the one asked for), anyone else their own. */
const scopeOf = (ctx: Ctx, asked: number | undefined, column: SQL): SQL => {
  if (ctx.principal.superAdmin) return asked === undefined ? sql`TRUE` : sql`${column} = ${asked}`
  return sql`${column} = ${tenantOf(ctx)}`
}

const ACCOUNT_COLUMNS = sql`c.*, cl.name AS client_name, p.name AS provider_name`
const accountOf = (r: Record<string, unknown>): SmsClient => ({
  id: Number(r.id),
  client_id: Number(r.client_id),
  client_name: String(r.client_name ?? ""),
  provider_id: Number(r.provider_id),
  provider_name: String(r.provider_name ?? ""),
  username: String(r.username),
  password_hint: r.password_hint === null || r.password_hint === undefined ? null : String(r.password_hint),
  balance: num(r.balance),
  rate: num(r.rate),
  active: Boolean(r.active),
  created_at: iso(r.created_at),
})
const loadAccount = async (db: Db, id: number, scope: SQL) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${ACCOUNT_COLUMNS} FROM sms_clients c JOIN clients cl ON cl.id = c.client_id
      JOIN sms_providers p ON p.id = c.provider_id WHERE c.id = ${id} AND ${scope}`),
  )
  if (!row) throw notFound("SMS account")
  return row
}

const MASK_COLUMNS = sql`m.*, cl.name AS client_name, p.name AS provider_name, coalesce(c.rate, p.rate) AS rate`
const MASK_FROM = sql`sms_maskings m JOIN sms_clients c ON c.id = m.sms_client_id JOIN clients cl ON cl.id = m.client_id
  JOIN sms_providers p ON p.id = c.provider_id`
const maskOf = (r: Record<string, unknown>): SmsMasking => ({
  id: Number(r.id),
  sms_client_id: Number(r.sms_client_id),
  client_id: Number(r.client_id),
  client_name: String(r.client_name ?? ""),
  provider_name: String(r.provider_name ?? ""),
  mask: String(r.mask),
  status: String(r.status) as MaskStatus,
  rate: Number(r.rate ?? 0),
  active: Boolean(r.active),
  created_at: iso(r.created_at),
})
const loadMask = async (db: Db, id: number, scope: SQL) => {
  const [row] = rowsOf(await db.execute(sql`SELECT ${MASK_COLUMNS} FROM ${MASK_FROM} WHERE m.id = ${id} AND ${scope}`))
  if (!row) throw notFound("Sender mask")
  return maskOf(row)
}

const sealedPassword = (ctx: Ctx, password: string | undefined) =>
  password ? { secret: seal(ctx.services.config.jwtSecret, password), hint: hintOf(password) } : null

export const handlers = [
  handle("sms", "smsClientAll", async (ctx, input) => {
    const paging = pageOf(input, 20)
    const search = input.search?.trim()
      ? sql`AND (c.username ILIKE ${likeOf(input.search)} OR cl.name ILIKE ${likeOf(input.search)})`
      : sql``
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${ACCOUNT_COLUMNS}, count(*) OVER () AS total_rows FROM sms_clients c JOIN clients cl ON cl.id = c.client_id
        JOIN sms_providers p ON p.id = c.provider_id WHERE ${scopeOf(ctx, input.client_id, sql`c.client_id`)} ${search}
        ORDER BY cl.name, c.id`,
      paging,
    )
    return { data: { items: rows.map(accountOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("sms", "smsClientAdd", async (ctx, input) => {
    const [tenant] = rowsOf(await ctx.db.execute(sql`SELECT id FROM clients WHERE id = ${input.client_id}`))
    if (!tenant) throw badRequest("No such tenant", "client_id")
    const [provider] = rowsOf(await ctx.db.execute(sql`SELECT id FROM sms_providers WHERE id = ${input.provider_id}`))
    if (!provider) throw badRequest("No such SMS provider", "provider_id")
    const password = sealedPassword(ctx, input.password)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO sms_clients (client_id, provider_id, username, secret, password_hint, rate, active)
        VALUES (${input.client_id}, ${input.provider_id}, ${input.username}, ${password?.secret ?? null}, ${password?.hint ?? null},
          ${input.rate ?? null}, ${input.active ?? true}) RETURNING id`),
    )
    return { data: accountOf(await loadAccount(ctx.db, Number(row.id), sql`TRUE`)) }
  }),

  handle("sms", "smsClientUpdate", async (ctx, input) => {
    const before = await loadAccount(ctx.db, input.id, sql`TRUE`)
    if (input.provider_id !== undefined) {
      const [provider] = rowsOf(await ctx.db.execute(sql`SELECT id FROM sms_providers WHERE id = ${input.provider_id}`))
      if (!provider) throw badRequest("No such SMS provider", "provider_id")
    }
    if (input.client_id !== undefined && input.client_id !== Number(before.client_id))
      throw badRequest("An account stays with its tenant: add a new one instead", "client_id")
    const password = sealedPassword(ctx, input.password)
    await ctx.db.execute(sql`UPDATE sms_clients SET provider_id = ${input.provider_id ?? Number(before.provider_id)},
        username = ${input.username ?? String(before.username)}, secret = ${password?.secret ?? (before.secret as string | null)},
        password_hint = ${password?.hint ?? (before.password_hint as string | null)},
        rate = ${input.rate === undefined ? num(before.rate) : input.rate}, active = ${input.active ?? Boolean(before.active)}
      WHERE id = ${input.id}`)
    return { data: accountOf(await loadAccount(ctx.db, input.id, sql`TRUE`)) }
  }),

  handle("sms", "smsClientMaskingAll", async (ctx, input) => {
    const paging = pageOf(input, 20)
    const filters = [scopeOf(ctx, undefined, sql`m.client_id`)]
    if (input.sms_client_id !== undefined) filters.push(sql`m.sms_client_id = ${input.sms_client_id}`)
    if (input.status !== undefined) filters.push(sql`m.status = ${input.status}`)
    if (input.search?.trim()) filters.push(sql`(m.mask ILIKE ${likeOf(input.search)} OR cl.name ILIKE ${likeOf(input.search)})`)
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT ${MASK_COLUMNS}, count(*) OVER () AS total_rows FROM ${MASK_FROM} WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY (m.status = 'pending') DESC, cl.name, m.mask, m.id`,
      paging,
    )
    return { data: { items: rows.map(maskOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("sms", "smsClientMaskingAdd", async (ctx, input) => {
    const account = await loadAccount(ctx.db, input.sms_client_id, scopeOf(ctx, undefined, sql`c.client_id`))
    const status: MaskStatus = ctx.principal.superAdmin ? "approved" : "pending"
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO sms_maskings (client_id, sms_client_id, mask, status, active)
        VALUES (${Number(account.client_id)}, ${input.sms_client_id}, ${input.mask}, ${status}, ${input.active ?? true}) RETURNING id`),
    )
    return { data: await loadMask(ctx.db, Number(row.id), sql`TRUE`) }
  }),

  handle("sms", "smsClientMaskingUpdate", async (ctx, input) => {
    const scope = scopeOf(ctx, undefined, sql`m.client_id`)
    const before = await loadMask(ctx.db, input.id, scope)
    if (input.status !== undefined && !ctx.principal.superAdmin) throw forbidden("Only a super admin approves sender masks")
    if (input.sms_client_id !== undefined && input.sms_client_id !== before.sms_client_id) {
      const account = await loadAccount(ctx.db, input.sms_client_id, scopeOf(ctx, undefined, sql`c.client_id`))
      if (Number(account.client_id) !== before.client_id) throw badRequest("The account belongs to another tenant", "sms_client_id")
    }
    const renamed = input.mask !== undefined && input.mask !== before.mask
    const status = input.status ?? (renamed && !ctx.principal.superAdmin ? "pending" : before.status)
    await ctx.db.execute(sql`UPDATE sms_maskings SET mask = ${input.mask ?? before.mask}, sms_client_id = ${input.sms_client_id ?? before.sms_client_id},
        status = ${status}, active = ${input.active ?? before.active} WHERE id = ${before.id}`)
    return { data: await loadMask(ctx.db, before.id, sql`TRUE`) }
  }),
]
