/**
 * SMS providers (super admins; the contract marks the calls): SMPP endpoints or HTTP JSON APIs, secrets sealed at rest
 * (secret-box.ts) and never answered back. An SMPP provider needs a host, a port and a system id; an HTTP one a URL.
 */
import { sql } from "drizzle-orm"
import type { SmsProviderKind } from "../../../src/contract/schemas/sms"
import { rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { handle } from "../../core/registry"
import { loadProvider, providerOf, providerRowOf } from "./provider-rows"
import { seal } from "./secret-box"

interface ProviderFields {
  kind: SmsProviderKind
  host: string
  port: number | null
  system_id: string
  base_url: string
}

const check = (p: ProviderFields) => {
  if (p.kind === "smpp") {
    if (!p.host) throw badRequest("An SMPP provider needs a host", "host")
    if (!p.port) throw badRequest("An SMPP provider needs a port", "port")
    if (!p.system_id) throw badRequest("An SMPP provider needs a system id", "system_id")
  } else if (!p.base_url) throw badRequest("An HTTP provider needs its URL", "base_url")
}

const sealed = (ctx: Ctx, secret: string | undefined) => (secret ? seal(ctx.services.config.jwtSecret, secret) : null)

export const handlers = [
  handle("sms", "smsProviderAll", async (ctx) => {
    const rows = rowsOf(await ctx.db.execute(sql`SELECT * FROM sms_providers ORDER BY name, id`))
    return { data: rows.map((r) => providerOf(providerRowOf(r))) }
  }),

  handle("sms", "smsProviderAdd", async (ctx, input) => {
    const fields: ProviderFields = {
      kind: input.kind ?? "smpp",
      host: input.host ?? "",
      port: input.port ?? null,
      system_id: input.system_id ?? "",
      base_url: input.base_url ?? "",
    }
    check(fields)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO sms_providers (name, kind, base_url, host, port, system_id, system_type, window_size, rate, secret, part_length, active)
        VALUES (${input.name}, ${fields.kind}, ${fields.base_url}, ${fields.host}, ${fields.port}, ${fields.system_id}, ${input.system_type ?? ""},
          ${input.window ?? 10}, ${input.rate ?? 0}, ${sealed(ctx, input.secret)}, ${input.part_length ?? 160}, ${input.active ?? true})
        RETURNING *`),
    )
    return { data: providerOf(providerRowOf(row)) }
  }),

  handle("sms", "smsProviderUpdate", async (ctx, input) => {
    const before = await loadProvider(ctx.db, input.id)
    const fields: ProviderFields = {
      kind: input.kind ?? before.kind,
      host: input.host ?? before.host,
      port: input.port ?? before.port,
      system_id: input.system_id ?? before.systemId,
      base_url: input.base_url ?? before.baseUrl,
    }
    check(fields)
    // An empty or missing secret keeps the stored one (the console never has it to send back).
    const secret = input.secret ? sealed(ctx, input.secret) : before.secret
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE sms_providers SET name = ${input.name ?? before.name}, kind = ${fields.kind}, base_url = ${fields.base_url},
          host = ${fields.host}, port = ${fields.port}, system_id = ${fields.system_id}, system_type = ${input.system_type ?? before.systemType},
          window_size = ${input.window ?? before.window}, rate = ${input.rate ?? before.rate}, secret = ${secret},
          part_length = ${input.part_length ?? before.partLength}, active = ${input.active ?? before.active}
        WHERE id = ${before.id} RETURNING *`),
    )
    return { data: providerOf(providerRowOf(row)) }
  }),

  handle("sms", "smsProviderDeleteById", async (ctx, input) => {
    const id = idOf(input.id, "SMS provider")
    const [used] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM sms_clients WHERE provider_id = ${id}`))
    if (Number(used?.n) > 0) throw conflict("Tenants have accounts on this provider: remove or move them first")
    const gone = rowsOf(await ctx.db.execute(sql`DELETE FROM sms_providers WHERE id = ${id} RETURNING id`))
    if (gone.length === 0) throw notFound("SMS provider")
    return { data: { ok: true } }
  }),
]
