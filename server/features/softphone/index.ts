/** The public module of the softphone feature: what other features may use of it. */
export { ephemeralPassword } from "./sip-credentials"
