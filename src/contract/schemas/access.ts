/** Roles, permissions, rule sets and users (the /apps/roles, /apps/permissions and /apps/users screens). */
import { Schema } from "effect"
import { Data, Email, Id, IdParam, Instant, Limit, Page, Paged, Phone, Text, optionalFields } from "./common"
import { NewPassword, Username } from "./auth"

const Name = Schema.String.check(Schema.isTrimmed(), Schema.isMinLength(1), Schema.isMaxLength(120))
const Description = Text(500)
const Search = Text(200)
const IdList = Schema.Array(Id).check(Schema.isMaxLength(1000))

export const ListRequest = Schema.Struct({
  page: Schema.optional(Page),
  limit: Schema.optional(Limit()),
  search: Schema.optional(Search),
})

const capOf = (maximum: number) => Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum })))
/**
 * How many of each channel kind the role's users may hold at once (ours, beyond the spec: the capacity model,
 * server/features/chat/capacity.ts); a kind left out takes the tenant's cap. A user's own cap replaces the role's.
 */
export const RoleCapacity = Schema.Struct({ chat: capOf(100), sms: capOf(500), voice: capOf(10) })
export type RoleCapacity = typeof RoleCapacity.Type

export const Role = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.String,
  system: Schema.Boolean,
  permission_ids: Schema.Array(Id),
  permissions: Schema.Array(Schema.String),
  users_count: Schema.Number,
  created_at: Instant,
  capacity: Schema.optional(RoleCapacity),
})
export type Role = typeof Role.Type
export const RoleResponse = Data(Schema.Struct({ role: Role }))
export const RoleList = Paged(Role)
export const RoleCreate = Schema.Struct({
  name: Name,
  description: Schema.optional(Description),
  permission_ids: Schema.optional(IdList),
  capacity: Schema.optional(RoleCapacity),
})
export const RoleUpdate = Schema.Struct({
  id: IdParam,
  name: Schema.optional(Name),
  description: Schema.optional(Description),
  permission_ids: Schema.optional(IdList),
  capacity: Schema.optional(RoleCapacity),
})
export const IdRequest = Schema.Struct({ id: IdParam })
export const Deleted = Data(Schema.Struct({ id: Id, deleted: Schema.Boolean }))

/** A grantable key: `FRONT:<path>` or `BACK:<permission>`. System keys belong to the platform and are read-only for tenants. */
export const PermissionKey = Schema.String.check(Schema.isMaxLength(200), Schema.isPattern(/^(FRONT:\/[^\s]*|BACK:[a-z0-9_]+)$/))
export const Permission = Schema.Struct({
  id: Id,
  key: Schema.String,
  kind: Schema.Literals(["front", "back"]),
  name: Schema.String,
  description: Schema.String,
  rule_set_id: Schema.NullOr(Id),
  system: Schema.Boolean,
})
export type Permission = typeof Permission.Type
export const PermissionList = Paged(Permission)
export const PermissionListRequest = Schema.Struct({
  ...ListRequest.fields,
  kind: Schema.optional(Schema.Literals(["front", "back"])),
  rule_set_id: Schema.optional(Id),
})
export const RoleRef = Schema.Struct({ id: Id, name: Schema.String })
export const PermissionDetail = Data(Schema.Struct({ permission: Permission, roles: Schema.Array(RoleRef) }))
export const PermissionCreate = Schema.Struct({
  key: PermissionKey,
  name: Name,
  description: Schema.optional(Description),
  rule_set_id: Schema.optional(Schema.NullOr(Id)),
})
export const PermissionUpdate = Schema.Struct({
  id: IdParam,
  name: Schema.optional(Name),
  description: Schema.optional(Description),
  rule_set_id: Schema.optional(Schema.NullOr(Id)),
})
export const PermissionResponse = Data(Schema.Struct({ permission: Permission }))
export const PermissionRolesRequest = Schema.Struct({ permission_id: IdParam })
export const PermissionRoles = Data(Schema.Struct({ items: Schema.Array(RoleRef) }))
export const RuleSet = Schema.Struct({
  id: Id,
  key: Schema.String,
  name: Schema.String,
  description: Schema.String,
  permissions_count: Schema.Number,
})
export const RuleSetList = Data(Schema.Struct({ items: Schema.Array(RuleSet) }))

export const UserStatus = Schema.Literals(["active", "disabled"])
export const User = Schema.Struct({
  id: Id,
  client_id: Id,
  username: Schema.String,
  email: Schema.String,
  display_name: Schema.String,
  photo_url: Schema.String,
  phone: Schema.NullOr(Schema.String),
  status: Schema.String,
  role_id: Schema.NullOr(Id),
  role_name: Schema.NullOr(Schema.String),
  online: Schema.Boolean,
  /** Voice-call permission override: null follows the role. */
  call_permission: Schema.NullOr(Schema.Boolean),
  created_at: Instant,
  /** The user's own caps (ours, beyond the spec): a kind left out follows the role's, then the tenant's. */
  capacity: Schema.optional(RoleCapacity),
})
export type User = typeof User.Type
export const UserResponse = Data(Schema.Struct({ user: User }))
export const UserList = Paged(User)
export const UserListRequest = Schema.Struct({
  ...ListRequest.fields,
  role_id: Schema.optional(Id),
  status: Schema.optional(UserStatus),
})
const DisplayName = Name
export const UserCreate = Schema.Struct({
  username: Username,
  email: Email,
  password: NewPassword,
  display_name: DisplayName,
  role_id: Schema.optional(Schema.NullOr(Id)),
  phone: Schema.optional(Schema.NullOr(Phone)),
  /** Super admins may create a user for another business; ignored for everyone else. */
  client_id: Schema.optional(Id),
})
export const OwnUserCreate = Schema.Struct({
  username: Username,
  email: Email,
  password: NewPassword,
  display_name: DisplayName,
  role_id: Schema.optional(Schema.NullOr(Id)),
  phone: Schema.optional(Schema.NullOr(Phone)),
})
/** The fields an admin edits on a user: required on a full update, each optional on a partial one. */
const userEditFields = { email: Email, display_name: DisplayName, role_id: Schema.NullOr(Id), status: UserStatus }
const userExtraFields = {
  phone: Schema.optional(Schema.NullOr(Phone)),
  photo_url: Schema.optional(Text(2048)),
  password: Schema.optional(NewPassword),
  /** Replaces the user's own caps: a kind left out follows the role. */
  capacity: Schema.optional(RoleCapacity),
}
export const UserUpdate = Schema.Struct({ id: IdParam, ...userEditFields, ...userExtraFields })
export const UserPartialUpdate = Schema.Struct({ id: IdParam, ...optionalFields(userEditFields), ...userExtraFields })
/** Own profile: the id must be the caller's; a new password needs the current one. */
export const OwnUserUpdate = Schema.Struct({
  id: IdParam,
  email: Schema.optional(Email),
  display_name: Schema.optional(DisplayName),
  phone: Schema.optional(Schema.NullOr(Phone)),
  photo_url: Schema.optional(Text(2048)),
  password: Schema.optional(NewPassword),
  current_password: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
})
export const CallPermissionUpdate = Schema.Struct({ user_id: Id, enabled: Schema.NullOr(Schema.Boolean) })
const AttributeMap = Schema.Record(Schema.String.check(Schema.isMaxLength(64)), Schema.Unknown).check(Schema.isMaxProperties(100))
export const UserAttributes = Data(
  Schema.Struct({
    settings: Schema.Record(Schema.String, Schema.Unknown),
    shortcuts: Schema.Array(Schema.String),
    attributes: Schema.Record(Schema.String, Schema.Unknown),
  }),
)
export const UserAttributesUpdate = Schema.Struct({ id: IdParam, attributes: AttributeMap })
export const ClientMeta = Data(
  Schema.Struct({
    client: Schema.Struct({
      id: Id,
      name: Schema.String,
      email: Schema.NullOr(Schema.String),
      phone: Schema.NullOr(Schema.String),
      products: Schema.Array(Schema.String),
      meta: Schema.Record(Schema.String, Schema.Unknown),
    }),
  }),
)
