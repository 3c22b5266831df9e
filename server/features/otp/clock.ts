/**
 * The OTP feature's clock: every expiry, cooldown and rate window is computed from it (never the database's `now()`),
 * so a test can move time forward without waiting. Production uses the system clock.
 */
let offsetMs = 0

export const otpNow = (): Date => new Date(Date.now() + offsetMs)

/** Tests only: moves the OTP clock `ms` forward (or back to the system clock with `reset`). */
export const shiftOtpClock = (ms: number | "reset") => {
  offsetMs = ms === "reset" ? 0 : offsetMs + ms
}
