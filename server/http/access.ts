/** The authorisation rules every call passes after its credential is resolved (one place for them). */
import type { CallDef } from "../../src/contract/call"
import { backKey } from "../../src/contract/routes"
import type { Principal } from "../auth/principal"
import { forbidden } from "./errors"

/**
 * Super-admin only: what the contract marks so (business management, the `/admin` variants, quotas); the contract
 * test holds the marking to those rules, so the server reads it from one place.
 */
export const needsSuperAdmin = (call: CallDef): boolean => call.access === "superAdmin"

/** A business's own ground (its routes are `tenantOnly`): a super admin, no business's member, is refused it. */
export const refusesSuperAdmin = (call: CallDef): boolean => call.access === "business"

/** The public console client token may only reach the password-reset calls. */
const PUBLIC_SCOPE_CALLS = new Set(["auth.sendEmail", "auth.passwordReset"])

export const authorize = (call: CallDef, principal: Principal): void => {
  if (principal.scope === "password-reset" && !PUBLIC_SCOPE_CALLS.has(`${call.group}.${call.name}`)) {
    throw forbidden("This token only allows password reset")
  }
  if (needsSuperAdmin(call) && !principal.superAdmin) throw forbidden("Super admin access is required")
  if (refusesSuperAdmin(call) && principal.superAdmin) throw forbidden("A business's own people only")
  // Every credential needs the call's back-end permission: a user and a login's client token hold the user's grants,
  // an API key those of its tenant's admin role (auth/client-token.ts); a credential without grants holds none.
  if (call.permission !== null && !principal.superAdmin && !principal.grants.has(backKey(call.permission))) {
    throw forbidden(`Missing permission ${backKey(call.permission)}`)
  }
}
