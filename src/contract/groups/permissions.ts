import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const permissions = defineGroup("permissions", { title: "Permissions", permission: "permissions" }, {
  fetchListPermissions: { method: "POST", path: "/backend/fetch/list/permissions", request: Undesigned, response: Undesigned },
  fetchDetailPermissionsById: { method: "POST", path: "/backend/fetch/detail/permissions/id", request: Undesigned, response: Undesigned },
  permissionsCreate: { method: "POST", path: "/backend/permissions/create", request: Undesigned, response: Undesigned },
  permissionRolesByPermissionId: { method: "GET", path: "/backend/permission/roles/{permission_id}", request: Undesigned, response: Undesigned },
  fetchListRuleSets: { method: "GET", path: "/fetch/list/rule_sets", request: Undesigned, response: Undesigned },
  permissionsUpdateById: { method: "PUT", path: "/backend/permissions/update/{id}", request: Undesigned, response: Undesigned },
  permissionsDeleteById: { method: "DELETE", path: "/backend/permissions/delete/{id}", request: Undesigned, response: Undesigned },
})
