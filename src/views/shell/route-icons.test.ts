/** The sidebar's icons: every item has its own, so a folded sidebar tells them apart, and the loader lists each. */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { routes } from "../../contract/routes"
import { iconOfRoute } from "./route-icons"

const loader = readFileSync(resolve(__dirname, "../common/shell-icons.ts"), "utf8")
const preloaded = new Set(/16px\/paths\/\{([^}]*)\}/.exec(loader)?.[1].split(",") ?? [])

describe("sidebar icons", () => {
  const items = routes.filter((route) => route.sidebar !== undefined)
  it("gives every sidebar item an icon of its own", () => {
    const icons = items.map((route) => iconOfRoute(route.path))
    expect(icons).not.toContain("application")
    expect(new Set(icons).size).toBe(icons.length)
  })
  it("lists each of them in the shell's icon chunk", () => {
    for (const route of items) expect(preloaded.has(iconOfRoute(route.path)), route.path).toBe(true)
  })
})
