/**
 * Wrong and unknown codes counted per address (the requester), in the database so every process sees them: after
 * FAILURES_PER_ADDRESS in one FAILURE_WINDOW_MS the address may verify nothing (429 OTP_TOO_MANY_FAILURES) until its
 * window ends. Each code keeps its own tries too (verify.ts); this bounds guessing across codes.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import type { Schedule } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"
import { otpNow } from "./clock"

export const FAILURES_PER_ADDRESS = 20
export const FAILURE_WINDOW_MS = 15 * 60_000

const windowStartAfter = (now: Date) => new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString()

/** Refuses an address that used up its failures in its current window. */
export const checkAddress = async (db: Db, address: string): Promise<void> => {
  const now = otpNow()
  const [row] = rowsOf(
    await db.execute(sql`SELECT window_start FROM otp_verify_failures WHERE address = ${address}
      AND failures >= ${FAILURES_PER_ADDRESS} AND window_start > ${windowStartAfter(now)}::timestamptz`),
  )
  if (!row) return
  const ends =
    new Date(String(row.window_start instanceof Date ? row.window_start.toISOString() : row.window_start)).getTime() + FAILURE_WINDOW_MS
  const minutes = Math.max(1, Math.ceil((ends - now.getTime()) / 60_000))
  throw new ApiError(429, "OTP_TOO_MANY_FAILURES", `Too many wrong codes from this address. Try again in ${minutes} minutes.`)
}

/** Counts one failure for `address` (a new window when the last one ended). */
export const countFailure = async (db: Db, address: string): Promise<void> => {
  const now = otpNow().toISOString()
  const ended = sql`otp_verify_failures.window_start <= ${windowStartAfter(otpNow())}::timestamptz`
  await db.execute(sql`INSERT INTO otp_verify_failures (address, failures, window_start) VALUES (${address}, 1, ${now}::timestamptz)
    ON CONFLICT (address) DO UPDATE SET
      failures = CASE WHEN ${ended} THEN 1 ELSE otp_verify_failures.failures + 1 END,
      window_start = CASE WHEN ${ended} THEN ${now}::timestamptz ELSE otp_verify_failures.window_start END`)
}

/** Addresses whose window ended are forgotten. */
export const schedules: Schedule[] = [
  {
    name: "otp.address-failures",
    tick: async (db) =>
      rowsOf(
        await db.execute(
          sql`DELETE FROM otp_verify_failures WHERE window_start <= ${windowStartAfter(otpNow())}::timestamptz RETURNING address`,
        ),
      ).length,
  },
]
