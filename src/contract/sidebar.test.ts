/**
 * The sidebar against spec 000's "Sidebar" listing: every group holds exactly the items the spec lists, in the spec's
 * order (the console and the server both list a group by filtering `routes`, so that order is what users see).
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { routes, type SidebarGroup, sidebarItems, sidebarOrder } from "./routes"

// CI clones the repository with shared/ beside it.
const SPEC = readFileSync(resolve(process.cwd(), "../shared/spec/000_141bc8d62ae9de58.txt"), "utf8")

const GROUP_OF_HEADING: Record<string, SidebarGroup> = {
  Chat: "chat",
  Inbox: "inbox",
  Reports: "reports",
  SMS: "sms",
  Settings: "settings",
  OTP: "otp",
  Ungrouped: "main",
}

const pathsIn = (text: string): string[] => text.match(/\/[A-Za-z0-9_\-/]+/g) ?? []

/** The bullets of a `### <title>` section as heading -> text. */
const bulletsOf = (title: string): Map<string, string> => {
  const section = SPEC.split(/^### /m).find((part) => part.startsWith(`${title}\n`))
  if (!section) throw new Error(`spec 000 has no "${title}" section`)
  return new Map([...section.matchAll(/^- ([^:\n]+): (.*)$/gm)].map((match) => [match[1].trim(), match[2].trim()] as [string, string]))
}

/** Spec 000's sidebar: each group's paths in listing order; "the report routes above" are the route table's report routes. */
const specSidebar = (): Record<SidebarGroup, string[]> => {
  const listing = bulletsOf("Sidebar")
  const table = bulletsOf("Route table")
  const elsewhere = new Set([...listing].filter(([heading]) => heading !== "Reports").flatMap(([, text]) => pathsIn(text)))
  const reportRoutes = pathsIn(table.get("Reports and dashboards") ?? "").filter((path) => !elsewhere.has(path))
  const sidebar = {} as Record<SidebarGroup, string[]>
  for (const [heading, text] of listing) {
    const group = GROUP_OF_HEADING[heading]
    if (!group) throw new Error(`unknown sidebar group "${heading}" in spec 000`)
    sidebar[group] = [...(/the report routes above/.test(text) ? reportRoutes : []), ...pathsIn(text)]
  }
  return sidebar
}

const spec = specSidebar()

describe("sidebar (spec 000)", () => {
  it("reads every group of the spec, and the report routes of the route table", () => {
    expect(Object.keys(spec).sort()).toEqual([...sidebarOrder].sort())
    expect(spec.reports.slice(0, 2)).toEqual(["/apps/aht", "/apps/serviceLevel"])
    expect(spec.reports).not.toContain("/dashboard")
  })

  it.each(sidebarOrder)("%s lists the spec's items in the spec's order", (group) => {
    const listed = routes.filter((route) => route.sidebar === group && !route.devOnly).map((route) => route.path)
    expect(listed).toEqual(spec[group])
  })

  it("sidebarItems names only routes of the table, each in one group", () => {
    const all = sidebarOrder.flatMap((group) => sidebarItems[group])
    expect(new Set(all).size).toBe(all.length)
    for (const path of all) expect(routes.some((route) => route.path === path)).toBe(true)
  })
})
