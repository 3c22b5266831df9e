import { defineGroup } from "../call"
import { Deleted, IdRequest, ListRequest, RoleCreate, RoleList, RoleResponse, RoleUpdate } from "../schemas/access"

export const roles = defineGroup(
  "roles",
  { title: "Roles", permission: "roles" },
  {
    fetchListRoles: { method: "POST", path: "/backend/fetch/list/roles", request: ListRequest, response: RoleList },
    rolesCreate: { method: "POST", path: "/backend/roles/create", request: RoleCreate, response: RoleResponse },
    rolesUpdateById: { method: "PUT", path: "/backend/roles/update/id", request: RoleUpdate, response: RoleResponse },
    rolesDeleteById: { method: "DELETE", path: "/backend/roles/delete/{id}", request: IdRequest, response: Deleted },
  },
)
