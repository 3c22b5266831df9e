/**
 * May this person make a call? The one rule views and machines ask before they draw a control or load a list, read
 * from the back-end access list the console already holds (back_acl), and the same rule the server applies to the
 * call (server/http/access.ts): a super-admin call needs the super admin, a business's own call refuses them; any other
 * needs its permission, which the super admin holds all of. A control whose call would be refused is not drawn, and a list it would fill is not asked for.
 */
import { Effect, Schema } from "effect"
import type { CallDef } from "../../contract/call"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { type BackAcl, hasBackPermission } from "./acl-machine"
import type { AclSnapshot } from "./acl-selectors"

/** What a call needs, as the contract states it: a CallDef is one; a view that keeps its chunk free of the call's
 * schemas names it with a table of these, held to the contract by its test. */
export type CallNeed = Pick<CallDef, "permission" | "access">

/** Only a super admin holds it (tenant admins get every other key). */
const SUPER_ADMIN_PERMISSION = "businesses"

export const mayCall = (backAcl: BackAcl, need: CallNeed): boolean => {
  const superAdmin = hasBackPermission(backAcl, SUPER_ADMIN_PERMISSION)
  if (need.access === "superAdmin") return superAdmin
  if (need.access === "business" && superAdmin) return false
  return need.permission === null || superAdmin || hasBackPermission(backAcl, need.permission)
}

/** For views: `useSelector(useAclActor(), selectMayCall(need))`, or `useMayCall` (views/common/use-may-call.ts). */
export const selectMayCall =
  (need: CallNeed) =>
  (snapshot: AclSnapshot): boolean =>
    mayCall(snapshot.context.backAcl, need)

/** For machines' effects: the same rule over the list as stored for this session (the ACL gate stores live changes). */
export const mayCallNow = (need: CallNeed): Effect.Effect<boolean, never, Storage> =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const stored = yield* storage.getJson(StorageKeys.backAcl, Schema.Record(Schema.String, Schema.Unknown))
    return stored._tag === "Some" && mayCall(stored.value, need)
  })

/** The effect when the person may make its call, else `fallback` without asking the server. */
export const ifMayCall = <A, E, R>(need: CallNeed, effect: Effect.Effect<A, E, R>, fallback: A): Effect.Effect<A, E, R | Storage> =>
  Effect.flatMap(mayCallNow(need), (may) => (may ? effect : Effect.succeed(fallback)))
