import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const roles = defineGroup("roles", { title: "Roles", permission: "roles" }, {
  fetchListRoles: { method: "POST", path: "/backend/fetch/list/roles", request: Undesigned, response: Undesigned },
  rolesCreate: { method: "POST", path: "/backend/roles/create", request: Undesigned, response: Undesigned },
  rolesUpdateById: { method: "PUT", path: "/backend/roles/update/id", request: Undesigned, response: Undesigned },
  rolesDeleteById: { method: "DELETE", path: "/backend/roles/delete/{id}", request: Undesigned, response: Undesigned },
})
