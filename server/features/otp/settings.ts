/** The tenant's OTP login settings (`/apps/opt`): on/off, the codes' lifetime, wrong tries, the resend cooldown. */
import { sql } from "drizzle-orm"
import type { OtpSettings } from "../../../src/contract/schemas/otp"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { handle } from "../../core/registry"

export const DEFAULT_SETTINGS: OtpSettings = { enabled: true, ttl_seconds: 300, max_tries: 5, cooldown_seconds: 30 }

export const settingsOf = async (db: Db, clientId: number): Promise<OtpSettings> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT enabled, ttl_seconds, max_tries, cooldown_seconds FROM otp_settings WHERE client_id = ${clientId}`),
  )
  if (!row) return DEFAULT_SETTINGS
  return {
    enabled: Boolean(row.enabled),
    ttl_seconds: Number(row.ttl_seconds),
    max_tries: Number(row.max_tries),
    cooldown_seconds: Number(row.cooldown_seconds),
  }
}

export const handlers = [
  handle("otpSettings", "getOtpSettings", async (ctx) => ({ data: await settingsOf(ctx.db, tenantOf(ctx)) })),

  handle("otpSettings", "updateOtpSettings", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await ctx.db.execute(sql`INSERT INTO otp_settings (client_id, enabled, ttl_seconds, max_tries, cooldown_seconds, updated_at)
      VALUES (${clientId}, ${input.enabled}, ${input.ttl_seconds}, ${input.max_tries}, ${input.cooldown_seconds}, now())
      ON CONFLICT (client_id) DO UPDATE SET enabled = excluded.enabled, ttl_seconds = excluded.ttl_seconds,
        max_tries = excluded.max_tries, cooldown_seconds = excluded.cooldown_seconds, updated_at = now()`)
    return { data: await settingsOf(ctx.db, clientId) }
  }),
]
