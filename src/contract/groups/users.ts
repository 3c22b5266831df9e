import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const users = defineGroup("users", { title: "Users", permission: "users" }, {
  fetchListUsers: { method: "POST", path: "/fetch/list/users", request: Undesigned, response: Undesigned },
  usersCreateOwnUser: { method: "POST", path: "/backend/users/create-own-user", request: Undesigned, response: Undesigned },
  usersCallPermissionUpdate: { method: "POST", path: "/backend/users/call-permission/update", request: Undesigned, response: Undesigned },
  usersCreate: { method: "POST", path: "/backend/users/create", request: Undesigned, response: Undesigned },
  usersUpdateOwnById: { method: "PUT", path: "/backend/users/update-own/id", request: Undesigned, response: Undesigned },
  usersUpdateById: { method: "PUT", path: "/backend/users/update/{id}", request: Undesigned, response: Undesigned },
  usersUpdatePartialById: { method: "PUT", path: "/backend/users/update-partial/{id}", request: Undesigned, response: Undesigned },
  usersDeleteById: { method: "DELETE", path: "/backend/users/delete/{id}", request: Undesigned, response: Undesigned },
  userAttribute: { method: "GET", path: "/backend/user/attribute", request: Undesigned, response: Undesigned },
  usersByIdAttributes: { method: "PUT", path: "/backend/users/{id}/attributes", request: Undesigned, response: Undesigned },
  clientMeta: { method: "POST", path: "/client/meta", request: Undesigned, response: Undesigned },
})
