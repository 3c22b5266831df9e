/** What views read from the ACL gate. */
import type { SnapshotFrom } from "xstate"
import { WHATSAPP_CALLS } from "../../contract/permissions"
import { sidebarOrder } from "../../contract/routes"
import { type aclMachine, hasBackPermission } from "./acl-machine"
import { decide, isSuperAdmin, sidebarFor, type UserAcl } from "./decide"

export type AclSnapshot = SnapshotFrom<typeof aclMachine>

export const selectUserAcl = (snapshot: AclSnapshot): UserAcl | null => snapshot.context.userAcl
/** The decision for `path` under the gate's current list (the same rule the gate's guards use). */
export const decisionFor = (path: string, userAcl: UserAcl | null) => decide(path, userAcl)
/** The sidebar the user sees, groups in the console's order. */
export const sidebarOf = (userAcl: UserAcl | null) => sidebarFor(userAcl, sidebarOrder)
/** Call History lists and exports calls only with BACK:whatsapp_calls = 1 (spec 000 section 6; the server refuses it too). */
export const selectMayListCalls = (snapshot: AclSnapshot): boolean => hasBackPermission(snapshot.context.backAcl, WHATSAPP_CALLS)
/** A super admin (`isSuperAdmin`): their screens span businesses; nobody is one while logged out. */
export const selectSuperAdmin = (snapshot: AclSnapshot): boolean =>
  snapshot.context.userAcl !== null && isSuperAdmin(snapshot.context.userAcl)
