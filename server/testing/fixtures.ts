/** Valid payloads for the implemented calls, aimed at ids of another tenant (tenant isolation tests). */
import { Schema } from "effect"
import fc from "fast-check"
import type { CallDef } from "../../src/contract/call"
import type { Database } from "../db/db"

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

/** Any value a payload field may hold: typed-looking text and numbers, odd shapes (the fuzz tests' alphabet). */
export const fuzzValue = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.string({ maxLength: 24 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "demo1234",
    "admin",
    "a@b.co",
    "+905321234567",
    "FRONT:/apps/chat",
    "BACK:roles",
    "2026-01-01",
    "vertical",
    "99999999999999999999",
  ),
  fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), {
    maxKeys: 3,
  }),
  fc.anything({ maxDepth: 2 }),
)

/** A tenant's row ids by table (every table with `id` and `client_id`, so a new feature's table joins by itself) and its other handles. */
export interface TenantHandles {
  readonly clientId: number
  readonly ids: Readonly<Record<string, readonly (number | string)[]>>
  readonly numbers: readonly string[]
  readonly ticketNumbers: readonly string[]
  readonly loginIds: readonly string[]
  readonly callIds: readonly string[]
}

export const tenantHandlesOf = async (database: Database, clientId: number): Promise<TenantHandles> => {
  const column = async (sql: string) => (await database.query(sql, [clientId])).rows.map((row) => row.v as string)
  const { rows: tables } = await database.query(`SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public'
    GROUP BY table_name HAVING bool_or(column_name = 'id') AND bool_or(column_name = 'client_id')`)
  const ids: Record<string, (number | string)[]> = {}
  for (const { t } of tables) {
    const found = await column(`SELECT id AS v FROM "${String(t)}" WHERE client_id = $1 ORDER BY id DESC LIMIT 6`)
    if (found.length > 0) ids[String(t)] = found
  }
  return {
    clientId,
    ids,
    numbers: await column("SELECT number AS v FROM contacts WHERE client_id = $1 ORDER BY id LIMIT 6"),
    ticketNumbers: await column(`SELECT ticket_number AS v FROM tickets WHERE client_id = $1
      UNION ALL SELECT ticket_number FROM complaints WHERE client_id = $1 LIMIT 8`),
    loginIds: await column("SELECT id AS v FROM login_sessions WHERE client_id = $1 AND ended_at IS NULL LIMIT 4"),
    callIds: await column("SELECT call_id AS v FROM call_records WHERE client_id = $1 ORDER BY id DESC LIMIT 4"),
  }
}

/**
 * Puts `marker` in front of every name, title and display name of the tenant's rows (each table with `client_id` and
 * such a column, new features' tables included), so an answer that shows any of them to another tenant is caught.
 */
export const markTenant = async (database: Database, clientId: number, marker: string) => {
  const { rows } = await database.query(`SELECT table_name AS t, column_name AS c FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name IN ('name', 'title', 'display_name') AND data_type = 'text'
      AND table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'client_id')`)
  for (const { t, c } of rows)
    await database.query(`UPDATE "${String(t)}" SET "${String(c)}" = $2 || ' ' || "${String(c)}" WHERE client_id = $1`, [clientId, marker])
}

/** The table a call's `id` names, by group; a `<thing>_id` field names the table of things. */
const GROUP_TABLES: Record<string, string> = {
  auth: "client_settings",
  cannedMessages: "canned_messages",
  tagging: "labels",
  chat: "conversations",
}
const FIELD_TABLES: Record<string, string> = { agent: "users", agent_id: "users", user_id: "users", group_id: "contact_groups" }

const tableOf = (call: CallDef, field: string): string | undefined => {
  if (field === "id") return GROUP_TABLES[call.group] ?? call.group.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  if (FIELD_TABLES[field]) return FIELD_TABLES[field]
  const thing = /^(.+?)(_id|Id)$/.exec(field)?.[1]
  return thing ? `${thing.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}s` : undefined
}

const pick = (values: readonly unknown[]) => (values.length > 0 ? fc.constantFrom(...values) : fuzzValue)

/** Plausible values for the fields of the implemented calls; each field offers those its schema accepts. */
const plausible = (victim: TenantHandles): unknown[] => {
  const today = new Date().toISOString().slice(0, 10)
  return [
    ...["Probe", "probe note", "#000000", "text", "chat", "call", "whatsapp", "sms", "Pending", "Resolved", "Ongoing"],
    ...["active", "resolved", "disabled", "typing", "back", "front", "probe@globex.example", "password-1", "+905550001234"],
    ...["BACK:probe", "FRONT:/apps/probe", `${today} 00:00:00`, `${today} 23:59:59`, "2020-01-01 00:00:00", today, "probe.png"],
    ...["image/png", "aGVsbG8=", true, false, 0, 1, 15, 100],
    {},
    [],
    { probe: true },
    { style: "horizontal", mode: "boxed" },
    { name: "dark", dark: true },
    ...victim.numbers.slice(0, 2).map((number) => ({ to: [number], message: { text: "probe" } })),
  ]
}

const decodes = (call: CallDef, field: string, value: unknown) => {
  const fields = (call.request as { fields?: Record<string, Schema.Top> }).fields
  const schema = fields?.[field]
  if (!schema) return true
  return (
    Schema.decodeUnknownExit(Schema.Struct({ [field]: schema }) as unknown as Schema.Codec<unknown, unknown>)({ [field]: value })._tag ===
    "Success"
  )
}

/**
 * Payloads for `call` aimed at `victim`'s rows: every id-like field usually names one of the victim's rows (of the
 * right table when known, any of its rows otherwise), a tenant id names the victim, numbers and ticket numbers are the
 * victim's customers'; other fields usually hold a value their schema accepts (so the handler runs), else anything.
 */
export const payloadAgainst = (call: CallDef, victim: TenantHandles) => {
  const fields = [...new Set([...Object.keys((call.request as { fields?: object }).fields ?? {}), ...call.params])]
  const anyId = pick(Object.values(victim.ids).flat())
  const candidates = plausible(victim)
  const arbitraryOf = (field: string) => {
    if (field === "client_id" || field === "clientId") return fc.constant(victim.clientId)
    if (field === "login_id") return pick(victim.loginIds)
    if (field === "call_id" || field === "callId") return pick(victim.callIds)
    if (field === "number") return pick(victim.numbers)
    if (field === "ticket_number") return pick(victim.ticketNumbers)
    if (field === "page") return fc.constant(1)
    if (field === "id" || /(_id|Id)$/.test(field) || field === "agent") {
      const table = tableOf(call, field)
      const own = table ? victim.ids[table] : undefined
      return fc.oneof(
        { weight: 4, arbitrary: own ? pick(own) : anyId },
        { weight: 1, arbitrary: anyId },
        { weight: 1, arbitrary: fuzzValue },
      )
    }
    const valid = candidates.filter((value) => decodes(call, field, value))
    return fc.oneof(
      { weight: 4, arbitrary: pick(valid) },
      { weight: 1, arbitrary: fuzzValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
  }
  return fc.record(Object.fromEntries(fields.map((field) => [field, arbitraryOf(field)])), { requiredKeys: [] })
}
