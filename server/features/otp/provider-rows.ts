/** OTP providers as stored (`otp_providers`: channel in `type`, on/off in `active`, the rest in `config`) and as answered. */
import { sql } from "drizzle-orm"
import type { OtpChannel, OtpProvider } from "../../../src/contract/schemas/otp"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { CODE_LENGTH } from "./codes"

export interface ProviderConfig {
  readonly sender?: string
  /** The API key sealed (sms/secret-box.ts) and its hint; never answered in clear. */
  readonly secret?: string | null
  readonly hint?: string | null
  readonly code_length?: number
  readonly ttl_seconds?: number
}

export interface ProviderRow {
  readonly id: number
  readonly clientId: number
  readonly name: string
  readonly email: string
  readonly channel: OtpChannel
  readonly sender: string
  readonly codeLength: number
  /** The provider's own cap on a code's lifetime; the tenant's setting applies when it is shorter. */
  readonly ttlSeconds: number
  readonly enabled: boolean
  readonly hint: string | null
  readonly createdAt: string
}

const CHANNELS = new Set(["sms", "email", "whatsapp"])

export const providerRowOf = (r: Record<string, unknown>): ProviderRow => {
  const config = (r.config ?? {}) as ProviderConfig
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    name: String(r.name),
    email: String(r.email ?? ""),
    channel: (CHANNELS.has(String(r.type)) ? String(r.type) : "sms") as OtpChannel,
    sender: config.sender ?? "",
    codeLength: config.code_length ?? CODE_LENGTH,
    ttlSeconds: config.ttl_seconds ?? 3600,
    enabled: Boolean(r.active),
    hint: config.hint ?? null,
    createdAt: iso(r.created_at),
  }
}

export const providerOf = (p: ProviderRow): OtpProvider => ({
  id: p.id,
  name: p.name,
  email: p.email,
  channel: p.channel,
  sender: p.sender,
  api_key_hint: p.hint,
  code_length: p.codeLength,
  ttl_seconds: p.ttlSeconds,
  enabled: p.enabled,
  created_at: p.createdAt,
})

export const loadProvider = async (db: Db, clientId: number, id: number): Promise<ProviderRow & { config: ProviderConfig }> => {
  const [row] = rowsOf(await db.execute(sql`SELECT * FROM otp_providers WHERE id = ${id} AND client_id = ${clientId}`))
  if (!row) throw notFound("OTP provider")
  return { ...providerRowOf(row), config: (row.config ?? {}) as ProviderConfig }
}
