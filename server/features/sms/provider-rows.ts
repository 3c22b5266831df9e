/** SMS providers as stored and as the console sees them (secrets stay sealed: only `has_secret`). */
import { sql } from "drizzle-orm"
import type { SmsProvider, SmsProviderKind } from "../../../src/contract/schemas/sms"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"

export interface ProviderRow {
  readonly id: number
  readonly name: string
  readonly kind: SmsProviderKind
  readonly baseUrl: string
  readonly host: string
  readonly port: number | null
  readonly systemId: string
  readonly systemType: string
  readonly window: number
  readonly rate: number
  /** Sealed (secret-box.ts). */
  readonly secret: string | null
  readonly partLength: number
  readonly active: boolean
  readonly createdAt: string
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString())

export const providerRowOf = (r: Record<string, unknown>): ProviderRow => ({
  id: Number(r.id),
  name: String(r.name),
  kind: r.kind === "http" ? "http" : "smpp",
  baseUrl: String(r.base_url ?? ""),
  host: String(r.host ?? ""),
  port: r.port === null || r.port === undefined ? null : Number(r.port),
  systemId: String(r.system_id ?? ""),
  systemType: String(r.system_type ?? ""),
  window: Number(r.window_size ?? 10),
  rate: Number(r.rate ?? 0),
  secret: r.secret === null || r.secret === undefined ? null : String(r.secret),
  partLength: Number(r.part_length ?? 160),
  active: Boolean(r.active),
  createdAt: iso(r.created_at),
})

export const providerOf = (p: ProviderRow): SmsProvider => ({
  id: p.id,
  name: p.name,
  kind: p.kind,
  base_url: p.baseUrl,
  host: p.host,
  port: p.port,
  system_id: p.systemId,
  system_type: p.systemType,
  window: p.window,
  rate: p.rate,
  has_secret: p.secret !== null,
  part_length: p.partLength,
  active: p.active,
  created_at: p.createdAt,
})

export const loadProvider = async (db: Db, id: number): Promise<ProviderRow> => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM sms_providers WHERE id = ${id}`))
  if (!row) throw notFound("SMS provider")
  return providerRowOf(row)
}
