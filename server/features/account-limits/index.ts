/** The public module of the account-limits feature: what other features may use of it. */
export { checkLimit, checkMessageLimits, usageOf } from "./limits"
