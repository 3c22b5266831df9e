/**
 * What each grantable key opens, and what a set of keys shows: the permission editor's sections (every FRONT: route
 * by its sidebar group, the voice-call key, the other pages; every BACK: permission by the contract group whose calls
 * need it, with those calls), and the effective-access preview (which sidebar items a change makes appear and
 * disappear). Pure: the role and user editors and the screens read it.
 */
import { allCalls } from "../../contract/catalogue"
import { frontKey, type RouteDef, routes, type SidebarGroup, sidebarOrder, VOICE_CALL_KEY } from "../../contract/routes"
import type { Permission } from "../../contract/schemas/access"
import { type SidebarSection, sidebarFor, type UserAcl } from "../acl/decide"

export type SectionId = SidebarGroup | "voice" | "pages" | `back:${string}`

export interface PermissionEntry {
  readonly permission: Permission
  /** The screen a FRONT: key opens (its title is `routes.<key>`). */
  readonly route: RouteDef | null
  /** The calls a BACK: key lets through, as `METHOD /path`. */
  readonly calls: readonly string[]
}

export interface PermissionSection {
  readonly id: SectionId
  readonly kind: "front" | "back"
  readonly entries: readonly PermissionEntry[]
}

const routeByKey = new Map(routes.map((route) => [frontKey(route.path), route]))

/** Calls by back-end permission, and the contract group each permission belongs to (the one with most of its calls). */
const callsByPermission = new Map<string, string[]>()
const groupCounts = new Map<string, Map<string, number>>()
for (const call of allCalls) {
  if (call.permission === null) continue
  callsByPermission.set(call.permission, [...(callsByPermission.get(call.permission) ?? []), `${call.method} ${call.path}`])
  const counts = groupCounts.get(call.permission) ?? new Map<string, number>()
  counts.set(call.group, (counts.get(call.group) ?? 0) + 1)
  groupCounts.set(call.permission, counts)
}
const groupByPermission = new Map(
  [...groupCounts].map(([permission, counts]) => [permission, [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]]),
)

export const entryOf = (permission: Permission): PermissionEntry => {
  if (permission.kind === "front") return { permission, route: routeByKey.get(permission.key) ?? null, calls: [] }
  const name = permission.key.slice("BACK:".length)
  return { permission, route: null, calls: callsByPermission.get(name) ?? [] }
}

const sectionOf = (entry: PermissionEntry): SectionId => {
  const { key, kind } = entry.permission
  if (kind === "back") return `back:${groupByPermission.get(key.slice("BACK:".length)) ?? "other"}`
  if (key === VOICE_CALL_KEY) return "voice"
  return entry.route?.sidebar ?? "pages"
}

const FRONT_ORDER: readonly SectionId[] = [...sidebarOrder, "voice", "pages"]

/** Every permission in its section: FRONT sections in the sidebar's order, then BACK sections by group name. */
export const sectionsOf = (permissions: readonly Permission[]): PermissionSection[] => {
  const bySection = new Map<SectionId, PermissionEntry[]>()
  for (const permission of permissions) {
    const entry = entryOf(permission)
    const id = sectionOf(entry)
    bySection.set(id, [...(bySection.get(id) ?? []), entry])
  }
  const backIds = [...bySection.keys()].filter((id) => id.startsWith("back:")).sort()
  return [...FRONT_ORDER.filter((id) => bySection.has(id)), ...backIds].map((id) => ({
    id,
    kind: id.startsWith("back:") ? "back" : "front",
    entries: bySection.get(id) ?? [],
  }))
}

/** The user_acl a set of keys gives (the voice-call override applied as the server does). */
export const aclOfKeys = (keys: Iterable<string>, callPermission: boolean | null = null): UserAcl => {
  const acl: Record<string, boolean> = {}
  for (const key of keys) if (key.startsWith("FRONT:")) acl[key] = true
  if (callPermission === true) acl[VOICE_CALL_KEY] = true
  if (callPermission === false) delete acl[VOICE_CALL_KEY]
  return acl
}

export interface AccessPreview {
  /** The sidebar the keys give, group by group. */
  readonly sidebar: readonly SidebarSection[]
  /** Sidebar items the change adds and removes. */
  readonly appear: readonly RouteDef[]
  readonly disappear: readonly RouteDef[]
}

const itemsOf = (sections: readonly SidebarSection[]) => sections.flatMap((section) => section.items)

/** What the sidebar becomes when `before` keys are replaced by `after` keys. */
export const previewOf = (before: UserAcl, after: UserAcl): AccessPreview => {
  const was = itemsOf(sidebarFor(before, sidebarOrder))
  const sidebar = sidebarFor(after, sidebarOrder)
  const now = itemsOf(sidebar)
  const had = new Set(was.map((route) => route.path))
  const has = new Set(now.map((route) => route.path))
  return {
    sidebar,
    appear: now.filter((route) => !had.has(route.path)),
    disappear: was.filter((route) => !has.has(route.path)),
  }
}

/** The keys of a list of permission ids (ids the catalogue does not hold are skipped). */
export const keysOfIds = (ids: readonly number[], permissions: readonly Permission[]): string[] => {
  const byId = new Map(permissions.map((p) => [p.id, p.key]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
