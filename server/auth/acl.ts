/** Access lists: which FRONT:/BACK: keys exist, which a user holds, and the login's user_acl / back_acl maps. */
import { eq } from "drizzle-orm"
import { routes, VOICE_CALL_KEY, frontKey, backKey } from "../../src/contract/routes"
import { backPermissions } from "../../src/contract/catalogue"
import type { Db } from "../db/db"
import { permissions, rolePermissions } from "../db/schema/identity"

/** Every front-end key the console gates on: its non-public and sidebar routes, plus the voice-call key. */
export const FRONT_KEYS: readonly string[] = [
  ...new Set([...routes.filter((r) => !r.public || r.sidebar).map((r) => frontKey(r.path)), VOICE_CALL_KEY]),
]
export const BACK_KEYS: readonly string[] = backPermissions.map(backKey)
/** Keys of the super admin's own routes (the platform console): no role grants them. */
export const SUPER_ADMIN_KEYS: ReadonlySet<string> = new Set(routes.filter((r) => r.superAdminOnly).map((r) => frontKey(r.path)))

/**
 * Keys of a business's own working ground (its agents' desk, customers, channels) and the voice-call key (taking and
 * placing a business's calls): a super admin is no business's agent.
 */
export const TENANT_ONLY_KEYS: ReadonlySet<string> = new Set([
  ...routes.filter((r) => r.tenantOnly).map((r) => frontKey(r.path)),
  VOICE_CALL_KEY,
])
const SUPER_ADMIN_GRANTS: readonly string[] = [...FRONT_KEYS.filter((key) => !TENANT_ONLY_KEYS.has(key)), ...BACK_KEYS]

export interface Grantee {
  readonly roleId: number | null
  readonly superAdmin: boolean
  readonly callPermission: boolean | null
}

/**
 * The keys a user holds, given its role's keys: a super admin holds all but a business's own ground; the voice-call override
 * applies last.
 */
export const grantsFrom = (user: Grantee, roleKeys: Iterable<string>): Set<string> => {
  if (user.superAdmin) return new Set(SUPER_ADMIN_GRANTS)
  const keys = new Set([...roleKeys].filter((key) => !SUPER_ADMIN_KEYS.has(key)))
  if (user.callPermission === true) keys.add(VOICE_CALL_KEY)
  if (user.callPermission === false) keys.delete(VOICE_CALL_KEY)
  return keys
}

export const grantsOf = async (db: Db, user: Grantee): Promise<Set<string>> => {
  if (user.superAdmin || user.roleId === null) return grantsFrom(user, [])
  const rows = await db
    .select({ key: permissions.key })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, user.roleId))
  return grantsFrom(
    user,
    rows.map((row) => row.key),
  )
}

/** Keys of development-only routes (the channel simulator): held by nobody on a production server. */
const DEV_ONLY_KEYS = new Set(routes.filter((r) => r.devOnly).map((r) => frontKey(r.path)))

/**
 * user_acl maps every front key to true/false; back_acl lists granted back keys as 1 (spec 000 section 3).
 * Outside development the development-only keys are withheld whatever the role says.
 */
export const aclMaps = (grants: ReadonlySet<string>, options: { readonly dev: boolean }) => {
  const held = (key: string) => grants.has(key) && (options.dev || !DEV_ONLY_KEYS.has(key))
  const user_acl: Record<string, boolean> = {}
  for (const key of FRONT_KEYS) user_acl[key] = held(key)
  for (const key of grants) if (key.startsWith("FRONT:")) user_acl[key] = held(key)
  const back_acl: Record<string, 1> = {}
  for (const key of grants) if (key.startsWith("BACK:")) back_acl[key] = 1
  return { user_acl, back_acl }
}
