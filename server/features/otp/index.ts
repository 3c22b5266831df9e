/** The public module of the otp feature: what other features may use of it. */
export { otpNow } from "./clock"
export { codeDigest, newCode, newCodeKey } from "./codes"
export { shownCode, stateSql } from "./state"
