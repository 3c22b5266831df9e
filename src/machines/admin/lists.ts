/**
 * The admin screens' paged lists (report-kit picker lists, searched by the server): users (`report-users`), roles
 * (`report-roles`) and permissions (`report-permissions`), each with the roles and the permission catalogue as meta.
 */
import type { Permission, Role, User } from "../../contract/schemas/access"
import { Api } from "../../services/api/api"
import { Effect } from "effect"
import { pickerList } from "../report-kit/picker-list"
import { type AdminChoices, adminChoices } from "./admin-choices"

const searched = (paging: { page: number; limit: number }, search: string) => ({ ...paging, ...(search ? { search } : {}) })

export const usersListMachine = pickerList<User, AdminChoices>({
  name: "users",
  rows: (paging, search) => Effect.flatMap(Api, (api) => api.call("users", "fetchListUsers", searched(paging, search))),
  pickers: adminChoices,
})

export const rolesListMachine = pickerList<Role, AdminChoices>({
  name: "roles",
  rows: (paging, search) => Effect.flatMap(Api, (api) => api.call("roles", "fetchListRoles", searched(paging, search))),
  pickers: adminChoices,
})

export const permissionsListMachine = pickerList<Permission, AdminChoices>({
  name: "permissions",
  rows: (paging, search) => Effect.flatMap(Api, (api) => api.call("permissions", "fetchListPermissions", searched(paging, search))),
  pickers: adminChoices,
})
