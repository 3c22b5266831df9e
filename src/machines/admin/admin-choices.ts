/**
 * What the admin screens' editors pick from, loaded as their list's meta (report-kit/picker-list.ts): the tenant's
 * roles (with the keys each grants) and the permission catalogue (platform keys and the tenant's own). A failed load
 * leaves the pickers empty and says why; the rows still load.
 */
import { Effect } from "effect"
import type { Permission, Role } from "../../contract/schemas/access"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"

/** The catalogue holds some 170 keys; one page of this size reads them all. */
export const CATALOGUE_LIMIT = 1000
/** Roles offered in the pickers. */
export const ROLES_LIMIT = 200

export interface AdminChoices {
  readonly roles: readonly Role[]
  readonly permissions: readonly Permission[]
  readonly choicesError: Failure | null
}

export const adminChoices: Effect.Effect<AdminChoices, never, Api> = Effect.gen(function* () {
  const api = yield* Api
  const [roles, permissions] = yield* Effect.all(
    [
      api.call("roles", "fetchListRoles", { page: 1, limit: ROLES_LIMIT }),
      api.call("permissions", "fetchListPermissions", { page: 1, limit: CATALOGUE_LIMIT }),
    ],
    { concurrency: 2 },
  )
  return { roles: roles.data.items, permissions: permissions.data.items, choicesError: null }
}).pipe(Effect.catch((error) => Effect.succeed<AdminChoices>({ roles: [], permissions: [], choicesError: failureOf(error) })))
