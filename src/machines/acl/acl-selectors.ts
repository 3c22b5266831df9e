/** What views read from the ACL gate. */
import type { SnapshotFrom } from "xstate"
import { sidebarOrder } from "../../contract/routes"
import type { aclMachine } from "./acl-machine"
import { decide, sidebarFor, type UserAcl } from "./decide"

export type AclSnapshot = SnapshotFrom<typeof aclMachine>

export const selectUserAcl = (snapshot: AclSnapshot): UserAcl | null => snapshot.context.userAcl
/** The decision for `path` under the gate's current list (the same rule the gate's guards use). */
export const decisionFor = (path: string, userAcl: UserAcl | null) => decide(path, userAcl)
/** The sidebar the user sees, groups in the console's order. */
export const sidebarOf = (userAcl: UserAcl | null) => sidebarFor(userAcl, sidebarOrder)
