/** The platform permission catalogue, rule sets, and each tenant's built-in roles. */
import { routes, sidebarOrder, VOICE_CALL_KEY, frontKey, backKey } from "../../../src/contract/routes"
import { backPermissions } from "../../../src/contract/catalogue"
import { WHATSAPP_CALLS } from "../../../src/contract/permissions"
import type { Db } from "../db"
import { permissions, rolePermissions, roles, ruleSets } from "../schema/identity"
import { FRONT_KEYS, BACK_KEYS, SUPER_ADMIN_KEYS } from "../../auth/acl"

const RULE_SET_NAMES: Record<string, string> = {
  dashboard: "Dashboards",
  company: "Company",
  chat: "Chat",
  inbox: "Tickets inbox",
  templates: "Template messages",
  contacts: "Contact book",
  reports: "Reports",
  sms: "SMS",
  channels: "Channels",
  settings: "Settings",
  campaigns: "Campaigns",
  calls: "PBX calls",
  otp: "OTP",
  catalogue: "Catalogue",
  pages: "Other pages",
  voice: "Voice calls",
  backend: "Back-end features",
}

/** Inserts rule sets and the shared (client_id null) permission keys; returns key -> permission id. */
export const seedCatalogue = async (db: Db): Promise<Map<string, number>> => {
  const setKeys = [...sidebarOrder, "pages", "voice", "backend"]
  const sets = await db
    .insert(ruleSets)
    .values(setKeys.map((key) => ({ key, name: RULE_SET_NAMES[key] ?? key })))
    .returning()
  const setId = new Map(sets.map((s) => [s.key, s.id]))
  const routeByKey = new Map(routes.map((r) => [frontKey(r.path), r]))
  const rows = [
    ...FRONT_KEYS.filter((key) => !SUPER_ADMIN_KEYS.has(key)).map((key) => {
      const route = routeByKey.get(key)
      const set = key === VOICE_CALL_KEY ? "voice" : (route?.sidebar ?? "pages")
      return {
        key,
        kind: "front",
        name: route ? route.key : "whatsappCall",
        ruleSetId: setId.get(set) ?? null,
        description: `Open ${key.slice(6)}`,
      }
    }),
    ...backPermissions.map((perm) => ({
      key: backKey(perm),
      kind: "back",
      name: perm,
      ruleSetId: setId.get("backend") ?? null,
      description: `Server calls of ${perm}`,
    })),
  ]
  const inserted = await db.insert(permissions).values(rows).returning({ id: permissions.id, key: permissions.key })
  return new Map(inserted.map((p) => [p.key, p.id]))
}

const SETTINGS_PATHS = new Set(routes.filter((r) => r.sidebar === "settings" || r.sidebar === "otp").map((r) => frontKey(r.path)))
const AGENT_FRONT = [
  "/apps/chat",
  "/apps/ongoing",
  "/apps/queue",
  "/apps/inbox",
  "/apps/ticket-history",
  "/apps/ticket-ongoing",
  "/apps/history",
  "/apps/complain/ticket",
  "/report/complain-tickets-report",
  "/apps/call-history",
  "/apps/contacts/all",
  "/apps/dashboard",
  "/apps/profile",
  "/apps/pbxcalls",
  "/apps/addAutoReply",
].map(frontKey)
const AGENT_BACK = [
  "chat",
  "tickets",
  "complaints",
  "contacts",
  "canned_messages",
  "tagging",
  "dashboard",
  "agent_groups",
  WHATSAPP_CALLS,
].map(backKey)
/** The limited agent: chat and tickets only; no call history, no voice calls, no settings. */
const LIMITED_FRONT = [
  "/apps/chat",
  "/apps/ongoing",
  "/apps/queue",
  "/apps/inbox",
  "/apps/ticket-ongoing",
  "/apps/contacts/all",
  "/apps/profile",
].map(frontKey)
const LIMITED_BACK = ["chat", "tickets", "contacts", "canned_messages"].map(backKey)

export interface TenantRoles {
  readonly admin: number
  readonly agent: number
  readonly limited: number
}

export const seedRoles = async (db: Db, clientId: number, catalogue: Map<string, number>): Promise<TenantRoles> => {
  const adminKeys = [...FRONT_KEYS, ...BACK_KEYS].filter((key) => key !== backKey("businesses"))
  const defs = [
    { name: "admin", description: "Full access to the business's console", system: true, keys: adminKeys },
    {
      name: "agent",
      description: "Chats, tickets, complaints and voice calls",
      system: false,
      keys: [...AGENT_FRONT, VOICE_CALL_KEY, ...AGENT_BACK],
    },
    {
      name: "limited agent",
      description: "Chats and tickets only",
      system: false,
      keys: [...LIMITED_FRONT, ...LIMITED_BACK],
    },
  ]
  const ids: number[] = []
  for (const def of defs) {
    const [role] = await db.insert(roles).values({ clientId, name: def.name, description: def.description, system: def.system }).returning()
    const permissionIds = [...new Set(def.keys)].map((key) => catalogue.get(key)).filter((id): id is number => id !== undefined)
    if (permissionIds.length)
      await db.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })))
    ids.push(role.id)
  }
  return { admin: ids[0], agent: ids[1], limited: ids[2] }
}

/** Settings paths are never given to agents: exported for the tests that check agent2's limits. */
export const isSettingsKey = (key: string) => SETTINGS_PATHS.has(key)
