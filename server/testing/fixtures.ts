/** Valid payloads for the implemented calls, aimed at ids of another tenant (tenant isolation tests). */
export interface ForeignIds {
  readonly roleId: number
  readonly userId: number
  readonly permissionId: number
  readonly sessionMessageId: number
  readonly loginId: string
}

/** Every implemented call of this issue with a payload naming tenant one's rows. Calls without ids list or act on the caller's own data. */
export const isolationPayloads = (ids: ForeignIds): Record<string, Record<string, unknown>> => ({
  "auth.authenticate": {},
  "auth.logoutByLoginId": { login_id: ids.loginId },
  "auth.clientSettings": {},
  "auth.agentOnline": {},
  "auth.agentOffline": {},
  "auth.activityLogs": { page: 1, limit: 50 },
  "auth.listAutoreplyHandles": { page: 1, limit: 50 },
  "auth.sessionFetch": {},
  "auth.sessionMessage": { timeout_minutes: 10, message: "tenant two's own" },
  "auth.sessionMessageById": { id: ids.sessionMessageId, message: "hijacked" },
  "auth.getClientBalance": {},
  "auth.authRegister": {
    username: "iso-register",
    email: "iso1@globex.example",
    password: "password-1",
    display_name: "Iso",
    role_id: ids.roleId,
    client_id: 1,
  },
  "auth.auth": {},
  "auth.authUserUpdate": { displayName: "Omar Admin" },
  "roles.fetchListRoles": { limit: 100 },
  "roles.rolesCreate": { name: "iso role", permission_ids: [ids.permissionId] },
  "roles.rolesUpdateById": { id: ids.roleId, name: "hijacked" },
  "roles.rolesDeleteById": { id: ids.roleId },
  "permissions.fetchListPermissions": { limit: 1000 },
  "permissions.fetchDetailPermissionsById": { id: ids.permissionId },
  "permissions.permissionsCreate": { key: "BACK:iso_key", name: "iso" },
  "permissions.permissionRolesByPermissionId": { permission_id: ids.permissionId },
  "permissions.fetchListRuleSets": {},
  "permissions.permissionsUpdateById": { id: ids.permissionId, name: "hijacked" },
  "permissions.permissionsDeleteById": { id: ids.permissionId },
  "users.fetchListUsers": { limit: 100 },
  "users.usersCreateOwnUser": {
    username: "iso-own",
    email: "iso2@globex.example",
    password: "password-1",
    display_name: "Iso",
    role_id: ids.roleId,
  },
  "users.usersCallPermissionUpdate": { user_id: ids.userId, enabled: false },
  "users.usersCreate": {
    username: "iso-create",
    email: "iso3@globex.example",
    password: "password-1",
    display_name: "Iso",
    client_id: 1,
  },
  "users.usersUpdateOwnById": { id: ids.userId, display_name: "hijacked" },
  "users.usersUpdateById": {
    id: ids.userId,
    email: "x@globex.example",
    display_name: "hijacked",
    role_id: null,
    status: "disabled",
  },
  "users.usersUpdatePartialById": { id: ids.userId, display_name: "hijacked" },
  "users.usersDeleteById": { id: ids.userId },
  "users.userAttribute": {},
  "users.usersByIdAttributes": { id: ids.userId, attributes: { hijacked: true } },
  "users.clientMeta": {},
  "layout.usersLayoutCreate": { layout: { style: "horizontal", mode: "boxed" } },
  "layout.usersLayoutUpdate": { layout: { style: "horizontal", mode: "boxed" } },
  "layout.clientProducts": {},
  "layout.postUsersThemes": {},
  "layout.userLayout": {},
  "layout.putUsersThemes": { theme: { name: "dark", dark: true } },
})

const ID_FIELDS: Record<string, keyof ForeignIds> = {
  id: "userId",
  user_id: "userId",
  agent_id: "userId",
  role_id: "roleId",
  permission_id: "permissionId",
  login_id: "loginId",
}

/** For calls without a fixture (later features): their schema's fields, with every id-like field naming tenant one's rows. */
export const genericPayload = (fields: readonly string[], ids: ForeignIds): Record<string, unknown> =>
  Object.fromEntries(
    fields
      .map((field) => [field, ID_FIELDS[field] ? ids[ID_FIELDS[field]] : /(^|_)id$/.test(field) ? ids.userId : undefined])
      .filter(([, v]) => v !== undefined),
  )

/** Calls that need no user token (login, password reset) are exercised in auth.test.ts. */
export const CREDENTIAL_CALLS = new Set(["auth.authUser", "auth.authAccessToken", "auth.sendEmail", "auth.passwordReset"])
