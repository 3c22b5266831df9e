/**
 * Whether the SIP trunk form is offered: only to who may save it, i.e. who holds the back-end permission pbx.setPbxTrunk
 * needs. Beside the softphone (not among the ACL gate's selectors) so the pbx group's schemas load with its screen.
 */
import { pbx } from "../../contract/groups/pbx"
import { hasBackPermission } from "../acl/acl-machine"
import type { AclSnapshot } from "../acl/acl-selectors"

export const selectMaySetPbxTrunk = (snapshot: AclSnapshot): boolean => {
  const permission = pbx.calls.setPbxTrunk.permission
  return permission === null || hasBackPermission(snapshot.context.backAcl, permission)
}
