/**
 * The tenant's IP whitelist: addresses and CIDR ranges (IPv4 and IPv6, canonical text, no duplicates), and the switch
 * that extends it to console logins. Enforcement is the credential check's (server/auth/ip-rules.ts); every edit
 * forgets this process's cached rules once it commits.
 */
import { sql } from "drizzle-orm"
import type { IpEntry, IpWhitelistSettings } from "../../../src/contract/schemas/security"
import { ENFORCE_LOGIN_SETTING, forgetIpRules, readIpRules } from "../../auth/ip-rules"
import { ipInRanges, canonicalIpEntry } from "../../auth/ip"
import { likeOf, rowsOf } from "../../db/rows"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { handle } from "../../core/registry"
import { pageOf, windowPage } from "../../core/paging"

const entryOf = (r: Record<string, unknown>): IpEntry => ({
  id: Number(r.id),
  ip: String(r.ip),
  label: r.label === null || r.label === undefined ? null : String(r.label),
  created_at: iso(r.created_at),
})

const canonical = (ip: string): string => {
  const text = canonicalIpEntry(ip)
  if (text === null) throw badRequest("Not an IPv4 or IPv6 address or CIDR range", "ip")
  return text
}

const checkUnique = async (ctx: Ctx, clientId: number, ip: string, exceptId: number) => {
  const [clash] = rowsOf(
    await ctx.db.execute(sql`SELECT id FROM ip_whitelist WHERE client_id = ${clientId} AND ip = ${ip} AND id <> ${exceptId}`),
  )
  if (clash) throw conflict(`${ip} is already on the list`, "ip")
}

const forgetOnCommit = (ctx: Ctx, clientId: number) => {
  const db = ctx.services.database.db
  forgetIpRules(db, clientId)
  ctx.afterCommit?.(() => forgetIpRules(db, clientId))
}

const settingsOf = async (ctx: Ctx, clientId: number): Promise<IpWhitelistSettings> => {
  const rules = await readIpRules(ctx.db, clientId)
  return {
    enforce_login: rules.enforceLogin,
    your_ip: ctx.ip,
    your_ip_listed: ipInRanges(rules.ranges, ctx.ip),
    entries: rules.ranges.length,
  }
}

export const handlers = [
  handle("security", "getIps", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const paging = pageOf(input)
    const search = input.search?.trim()
    const filter = search ? sql`AND (ip ILIKE ${likeOf(search)} OR label ILIKE ${likeOf(search)})` : sql``
    const { rows, total } = await windowPage(
      ctx.db,
      sql`SELECT id, ip, label, created_at, count(*) OVER () AS total_rows FROM ip_whitelist WHERE client_id = ${clientId} ${filter} ORDER BY id DESC`,
      paging,
    )
    return { data: { items: rows.map(entryOf), totalItems: total, page: paging.page, limit: paging.limit } }
  }),

  handle("security", "ipAdd", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const ip = canonical(input.ip)
    await checkUnique(ctx, clientId, ip, 0)
    const [row] = rowsOf(
      await ctx.db.execute(
        sql`INSERT INTO ip_whitelist (client_id, ip, label) VALUES (${clientId}, ${ip}, ${input.label?.trim() || null}) RETURNING id, ip, label, created_at`,
      ),
    )
    forgetOnCommit(ctx, clientId)
    return { data: entryOf(row) }
  }),

  handle("security", "ipUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "IP entry")
    const ip = input.ip === undefined ? undefined : canonical(input.ip)
    if (ip !== undefined) await checkUnique(ctx, clientId, ip, id)
    const label = input.label === undefined ? undefined : input.label.trim() || null
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE ip_whitelist SET
        ip = COALESCE(${ip ?? null}, ip),
        label = CASE WHEN ${label !== undefined} THEN ${label ?? null} ELSE label END
        WHERE id = ${id} AND client_id = ${clientId} RETURNING id, ip, label, created_at`),
    )
    if (!row) throw notFound("IP entry")
    forgetOnCommit(ctx, clientId)
    return { data: entryOf(row) }
  }),

  handle("security", "ipDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "IP entry")
    const [row] = rowsOf(await ctx.db.execute(sql`DELETE FROM ip_whitelist WHERE id = ${id} AND client_id = ${clientId} RETURNING id`))
    if (!row) throw notFound("IP entry")
    forgetOnCommit(ctx, clientId)
    return { data: { ok: true } }
  }),

  handle("ipWhitelist", "getIpWhitelistSettings", async (ctx) => ({ data: await settingsOf(ctx, tenantOf(ctx)) })),

  handle("ipWhitelist", "setIpWhitelistSettings", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await ctx.db.execute(sql`INSERT INTO client_settings (client_id, key, value) VALUES (${clientId}, ${ENFORCE_LOGIN_SETTING}, ${JSON.stringify(input.enforce_login)}::jsonb)
      ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`)
    forgetOnCommit(ctx, clientId)
    return { data: await settingsOf(ctx, clientId) }
  }),
]
