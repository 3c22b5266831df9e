import { defineGroup } from "../call"
import { Empty } from "../schemas/common"
import {
  CallPermissionUpdate,
  ClientMeta,
  Deleted,
  IdRequest,
  OwnUserCreate,
  OwnUserUpdate,
  UserAttributes,
  UserAttributesUpdate,
  UserCreate,
  UserList,
  UserListRequest,
  UserPartialUpdate,
  UserResponse,
  UserUpdate,
} from "../schemas/access"

export const users = defineGroup(
  "users",
  { title: "Users", permission: "users" },
  {
    fetchListUsers: { method: "POST", path: "/fetch/list/users", request: UserListRequest, response: UserList },
    usersCreateOwnUser: {
      method: "POST",
      path: "/backend/users/create-own-user",
      request: OwnUserCreate,
      response: UserResponse,
    },
    usersCallPermissionUpdate: {
      method: "POST",
      path: "/backend/users/call-permission/update",
      request: CallPermissionUpdate,
      response: UserResponse,
    },
    usersCreate: { method: "POST", path: "/backend/users/create", request: UserCreate, response: UserResponse },
    // Own profile: any signed-in user may edit their own (the handler checks the id is the caller's).
    usersUpdateOwnById: {
      method: "PUT",
      path: "/backend/users/update-own/id",
      request: OwnUserUpdate,
      response: UserResponse,
      permission: null,
    },
    usersUpdateById: { method: "PUT", path: "/backend/users/update/{id}", request: UserUpdate, response: UserResponse },
    usersUpdatePartialById: {
      method: "PUT",
      path: "/backend/users/update-partial/{id}",
      request: UserPartialUpdate,
      response: UserResponse,
    },
    usersDeleteById: { method: "DELETE", path: "/backend/users/delete/{id}", request: IdRequest, response: Deleted },
    userAttribute: {
      method: "GET",
      path: "/backend/user/attribute",
      request: Empty,
      response: UserAttributes,
      permission: null,
    },
    usersByIdAttributes: {
      method: "PUT",
      path: "/backend/users/{id}/attributes",
      request: UserAttributesUpdate,
      response: UserAttributes,
    },
    clientMeta: { method: "POST", path: "/client/meta", request: Empty, response: ClientMeta, permission: null },
  },
)
