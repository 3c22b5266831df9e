import { defineGroup } from "../call"
import { Empty } from "../schemas/common"
import {
  Deleted,
  IdRequest,
  PermissionCreate,
  PermissionDetail,
  PermissionList,
  PermissionListRequest,
  PermissionResponse,
  PermissionRoles,
  PermissionRolesRequest,
  PermissionUpdate,
  RuleSetList,
} from "../schemas/access"

export const permissions = defineGroup(
  "permissions",
  { title: "Permissions", permission: "permissions" },
  {
    fetchListPermissions: {
      method: "POST",
      path: "/backend/fetch/list/permissions",
      request: PermissionListRequest,
      response: PermissionList,
    },
    fetchDetailPermissionsById: {
      method: "POST",
      path: "/backend/fetch/detail/permissions/id",
      request: IdRequest,
      response: PermissionDetail,
    },
    permissionsCreate: {
      method: "POST",
      path: "/backend/permissions/create",
      request: PermissionCreate,
      response: PermissionResponse,
    },
    permissionRolesByPermissionId: {
      method: "GET",
      path: "/backend/permission/roles/{permission_id}",
      request: PermissionRolesRequest,
      response: PermissionRoles,
    },
    fetchListRuleSets: { method: "GET", path: "/fetch/list/rule_sets", request: Empty, response: RuleSetList },
    permissionsUpdateById: {
      method: "PUT",
      path: "/backend/permissions/update/{id}",
      request: PermissionUpdate,
      response: PermissionResponse,
    },
    permissionsDeleteById: {
      method: "DELETE",
      path: "/backend/permissions/delete/{id}",
      request: IdRequest,
      response: Deleted,
    },
  },
)
