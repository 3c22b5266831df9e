/**
 * The sidebar against spec 000's "Sidebar" listing: every item the spec lists is in exactly one of the console's
 * groups (regrouped by what a person is after), no spec item is lost and nothing else is added but routes of the
 * table.
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { canonicalAddresses, routes, sidebarItems, sidebarOrder } from "./routes"

// CI clones the repository with shared/ beside it.
const SPEC = readFileSync(resolve(process.cwd(), "../shared/spec/000_141bc8d62ae9de58.txt"), "utf8")

const pathsIn = (text: string): string[] => text.match(/\/[A-Za-z0-9_\-/]+/g) ?? []

/** The bullets of a `### <title>` section as heading -> text. */
const bulletsOf = (title: string): Map<string, string> => {
  const section = SPEC.split(/^### /m).find((part) => part.startsWith(`${title}\n`))
  if (!section) throw new Error(`spec 000 has no "${title}" section`)
  return new Map([...section.matchAll(/^- ([^:\n]+): (.*)$/gm)].map((match) => [match[1].trim(), match[2].trim()] as [string, string]))
}

/** Every path of spec 000's sidebar; "the report routes above" are the route table's report routes. */
const specSidebar = (): string[] => {
  const listing = bulletsOf("Sidebar")
  const table = bulletsOf("Route table")
  const elsewhere = new Set([...listing].filter(([heading]) => heading !== "Reports").flatMap(([, text]) => pathsIn(text)))
  const reportRoutes = pathsIn(table.get("Reports and dashboards") ?? "").filter((path) => !elsewhere.has(path))
  return [...listing].flatMap(([, text]) => [...(/the report routes above/.test(text) ? reportRoutes : []), ...pathsIn(text)])
}

const spec = specSidebar()
const listed = routes.filter((route) => route.sidebar !== undefined)

describe("sidebar (spec 000, regrouped)", () => {
  it("reads the spec's whole listing, the report routes of the route table included", () => {
    expect(spec).toContain("/apps/aht")
    expect(spec).toContain("/apps/otp-logs")
    expect(spec).not.toContain("/dashboard/")
    expect(spec.length).toBeGreaterThan(60)
  })

  it("keeps every item of the spec's sidebar, each in one group", () => {
    const all = sidebarOrder.flatMap((group) => sidebarItems[group])
    expect(new Set(all).size).toBe(all.length)
    for (const path of spec) expect(all, path).toContain(path)
    for (const path of all)
      expect(
        routes.some((route) => route.path === path),
        path,
      ).toBe(true)
  })

  it("lists the groups in the console's order, each route tagged with its group", () => {
    expect(sidebarOrder[0]).toBe("dashboard")
    const order = listed.map((route) => sidebarOrder.indexOf(route.sidebar as (typeof sidebarOrder)[number]))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    for (const group of sidebarOrder)
      expect(listed.filter((route) => route.sidebar === group).map((r) => r.path)).toEqual(sidebarItems[group])
  })

  it("offers no alias: a screen's sidebar item is its canonical address", () => {
    for (const route of listed) expect(canonicalAddresses[route.path], route.path).toBeUndefined()
    for (const target of Object.values(canonicalAddresses))
      expect(
        routes.some((route) => route.path === target),
        target,
      ).toBe(true)
  })
})
