/**
 * What a sent code is now, defined once (the OTP Logs screen, the report, verify and the tests' naive count):
 * - verified: answered with the right code;
 * - dead: its wrong tries were used up;
 * - expired: neither, and past its expiry (a newer code ends the older one by moving its expiry to the moment it was
 *   sent), or a row without a digest to verify against;
 * - live: it may still be verified.
 * A live code is shown masked, any other in clear: once it can no longer be used it cannot help anyone take over.
 */
import { type SQL, sql } from "drizzle-orm"
import { open } from "../sms"

export type OtpState = "live" | "verified" | "dead" | "expired"

export const MASKED_CODE = "••••"

export const stateSql = (now: Date, alias = "l"): SQL => {
  const c = (column: string) => sql.raw(`${alias}.${column}`)
  return sql`(CASE WHEN ${c("verified")} THEN 'verified' WHEN ${c("dead")} THEN 'dead'
    WHEN ${c("code_hmac")} IS NULL OR ${c("expires_at")} IS NULL OR ${c("expires_at")} <= ${now.toISOString()}::timestamptz THEN 'expired'
    ELSE 'live' END)`
}

/** The same rule over one row in memory (the tests' reference). */
export const stateOf = (
  row: { verified: boolean; dead: boolean; codeHmac: string | null; expiresAt: Date | null },
  now: Date,
): OtpState => {
  if (row.verified) return "verified"
  if (row.dead) return "dead"
  if (row.codeHmac === null || row.expiresAt === null || row.expiresAt.getTime() <= now.getTime()) return "expired"
  return "live"
}

/** The code a log row shows: masked while live, else the sealed copy opened (rows from before sealing show what they kept). */
export const shownCode = (serverSecret: string, row: Record<string, unknown>): string => {
  if (row.state === "live") return MASKED_CODE
  if (typeof row.code_sealed === "string" && row.code_sealed) {
    try {
      return open(serverSecret, row.code_sealed)
    } catch {
      return MASKED_CODE
    }
  }
  return String(row.otp_code ?? "")
}
