/**
 * The access rule of spec 000 section 2 as one pure function, so the gate machine's guards, the sidebar
 * and the tests all read the same rule.
 */
import {
  HOME_ROUTES,
  canonicalAddresses,
  companySections,
  frontKey,
  routes,
  tenantOnlySections,
  type RouteDef,
} from "../../contract/routes"

/** `FRONT:<path>` -> flag; an entry is active only when it is exactly `true`. */
export type UserAcl = Readonly<Record<string, unknown>>

export type Decision =
  | { readonly kind: "open"; readonly route: RouteDef; readonly section?: string }
  /** The root when the user holds no home route: the shell shows a landing page instead of bouncing forever. */
  | { readonly kind: "landing" }
  | { readonly kind: "redirect"; readonly to: string; readonly reason: RedirectReason }

export type RedirectReason = "root" | "login" | "notFound" | "forbidden"

export const ROOT = "/"
export const ROOT_TARGET = "/dashboard"
export const LOGIN = "/login"
export const NOT_FOUND = "/pagenotfound"
export const COMPANY_DETAILS = "/apps/company-details"

const byPath = new Map(routes.map((route) => [route.path.toLowerCase(), route]))
const sections = new Map(companySections.map((section) => [section.toLowerCase(), section]))

/** `/apps/chat/` and `/apps/chat` are the same route; paths compare case-insensitively like the router. */
export const normalizePath = (path: string): string => {
  const bare = path.split(/[?#]/)[0] || ROOT
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare
  return trimmed === "" ? ROOT : trimmed
}

const canonical = new Map(Object.entries(canonicalAddresses).map(([alias, to]) => [alias.toLowerCase(), to]))

/** The one address of the screen `path` shows when `path` is one of its aliases (the query is the caller's to keep). */
export const canonicalOf = (path: string): string | undefined => canonical.get(normalizePath(path).toLowerCase())

export interface Match {
  readonly route: RouteDef
  readonly section?: string
}

/** The route a path names, including the company-area sub-pages `/apps/company-details/<section>`. */
export const matchRoute = (path: string): Match | undefined => {
  const normal = normalizePath(path).toLowerCase()
  const direct = byPath.get(normal)
  if (direct) return { route: direct }
  const prefix = `${COMPANY_DETAILS.toLowerCase()}/`
  if (normal.startsWith(prefix)) {
    const section = sections.get(normal.slice(prefix.length))
    const route = byPath.get(COMPANY_DETAILS.toLowerCase())
    if (section && route) return { route, section }
  }
  return undefined
}

export const isGranted = (acl: UserAcl, path: string): boolean => acl[frontKey(path)] === true

/**
 * A super admin: the user holds the platform console's own routes, which no business's member is granted. Their
 * screens span businesses (they pick the one they act on), and a business's own ground is not theirs.
 */
export const isSuperAdmin = (acl: UserAcl): boolean => routes.some((route) => route.superAdminOnly === true && isGranted(acl, route.path))

/** Whether a company sub-page is the user's: a business's own settings (`tenantOnlySections`) are not a super admin's. */
export const isSectionGranted = (acl: UserAcl, section: string): boolean => !tenantOnlySections.has(section) || !isSuperAdmin(acl)

/** The first home route the user holds, in HOME_ROUTES order. */
export const homeOf = (acl: UserAcl): string | undefined => HOME_ROUTES.find((home) => isGranted(acl, home))

/**
 * Where `path` leads for a user with access list `acl` (null: no access list, i.e. logged out).
 * 1. `/` goes to /dashboard (or, holding no home route, the landing page: /dashboard would send it back to `/`).
 * 2. Unknown paths go to the not-found page.
 * 3. Without an access list only the public routes open; everything else goes to login.
 * 4. With one, a route opens when `FRONT:<path>` is true (routes marked `auth` and the not-found page always open),
 *    and a company sub-page when the user also holds it (`isSectionGranted`); otherwise the user goes to a home route
 *    they hold, or to the root.
 */
export const decide = (path: string, acl: UserAcl | null): Decision => {
  const normal = normalizePath(path)
  if (normal === ROOT) {
    if (acl === null || isGranted(acl, ROOT_TARGET)) return { kind: "redirect", to: ROOT_TARGET, reason: "root" }
    const home = homeOf(acl)
    return home ? { kind: "redirect", to: home, reason: "root" } : { kind: "landing" }
  }
  const match = matchRoute(normal)
  if (!match) return { kind: "redirect", to: NOT_FOUND, reason: "notFound" }
  const open: Decision = { kind: "open", route: match.route, ...(match.section ? { section: match.section } : {}) }
  if (acl === null) return match.route.public ? open : { kind: "redirect", to: LOGIN, reason: "login" }
  const refused: Decision = { kind: "redirect", to: homeOf(acl) ?? ROOT, reason: "forbidden" }
  if (match.section && !isSectionGranted(acl, match.section)) return refused
  if (isGranted(acl, match.route.path) || match.route.auth || match.route.path === NOT_FOUND) return open
  return refused
}

/** The sidebar a user sees: items whose `FRONT:<url>` is true, groups with at least one item left. */
export interface SidebarSection {
  readonly group: NonNullable<RouteDef["sidebar"]>
  readonly items: readonly RouteDef[]
}

export const sidebarFor = (acl: UserAcl | null, order: readonly NonNullable<RouteDef["sidebar"]>[]): SidebarSection[] =>
  acl === null
    ? []
    : order
        .map((group) => ({
          group,
          items: routes.filter((route) => route.sidebar === group && isGranted(acl, route.path)),
        }))
        .filter((section) => section.items.length > 0)

/** Keeps only the active entries of a stored access list (anything but `true` is inactive). */
export const activeKeys = (acl: UserAcl): string[] => Object.keys(acl).filter((key) => acl[key] === true)
