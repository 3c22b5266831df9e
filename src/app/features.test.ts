/**
 * The manifests together: one owner per route key, id and systemId; the root built from them keeps the systemIds views
 * and tests name; and every string key a view uses (read from the source, following its relative imports) belongs to
 * a bundle that is loaded before that view renders.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { catalogue } from "../contract/catalogue"
import type { RootActors } from "../machines/system-actors"
import { type HelperKey, helperCalls } from "../contract/helper-calls"
import { loginRouteGroups } from "../contract/lazy-catalogue"
import { companySections, routes } from "../contract/routes"
import type { Feature } from "./feature"
import { features } from "./features"
import { stringCatalogue } from "./i18n"
import { sectionKey } from "./screens"
import { liveRootMachine } from "./system"

const ids = (pick: (feature: Feature) => readonly string[]) => features.flatMap(pick)

describe("feature manifests", () => {
  it("claim each route key once, and only keys of the route table or company sub-pages", () => {
    const keys = ids((f) => Object.keys(f.screens ?? {}))
    expect(new Set(keys).size).toBe(keys.length)
    const known = new Set([...routes.map((route) => route.key), ...companySections.map((s) => sectionKey("companyDetails", s))])
    for (const key of keys) expect(known, key).toContain(key)
  })

  it("give every root actor, report and page actor its own id and systemId", () => {
    const all = [
      ...ids((f) => (f.actors ?? []).flatMap((a) => [a.id, ...(a.systemId && a.systemId !== a.id ? [a.systemId] : [])])),
      ...ids((f) => Object.keys(f.reports ?? {})),
      ...ids((f) => Object.keys(f.pages ?? {})),
      "loginWatcher",
    ]
    expect(all.length - new Set(all).size, all.join(" ")).toBe(0)
    for (const id of ids((f) => Object.keys(f.reports ?? {}))) expect(id).toMatch(/^report-/)
  })

  it("build a root that invokes the singletons under the systemIds views and tests use, and no report before its screen", async () => {
    const invoked = (liveRootMachine.config.invoke as unknown as { systemId?: string }[]).map((i) => i.systemId)
    expect(invoked).toEqual(expect.arrayContaining(["acl", "layout", "account", "session", "callCenter", "chat-inbox"]))
    expect(invoked.filter((id) => id?.startsWith("report-"))).toEqual([])
    // Every report's loader brings a machine the root can start.
    for (const [id, load] of features.flatMap((f) => Object.entries(f.reports ?? {}))) {
      const logic = await load()
      expect(typeof logic.transition, id).toBe("function")
    }
    // The shell's gate and layout start before the session, which tells them about the stored session.
    expect(invoked.indexOf("acl")).toBeLessThan(invoked.indexOf("session"))
    expect(invoked.indexOf("layout")).toBeLessThan(invoked.indexOf("session"))
    // The business in view watches the session for the end of the login.
    expect(invoked.indexOf("businessInView")).toBeGreaterThan(invoked.indexOf("session"))
  })

  it("declare the root actors' systemIds the typed lookup names (machines/system-actors.ts), and no other", () => {
    const typed = {
      session: true,
      account: true,
      acl: true,
      layout: true,
      navGroups: true,
      quickJump: true,
      announcer: true,
      shortcuts: true,
      callCenter: true,
      "chat-inbox": true,
      businessInView: true,
    } satisfies Record<keyof RootActors, true>
    const declared = ids((f) => (f.actors ?? []).flatMap((a) => (a.systemId ? [a.systemId] : [])))
    expect([...declared].sort()).toEqual(Object.keys(typed).sort())
  })
})

/** What a module and everything it imports relatively inside src/views use: the top-level keys of its `t(...)` calls. */
const SRC = resolve(__dirname, "..")
const KEY = /\bt\(\s*["'`]([A-Za-z]+)\./g
const IMPORT = /from\s+["'](\.{1,2}\/[^"']+)["']/g
const keysOf = (entry: string, seen = new Set<string>()): Set<string> => {
  const keys = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !file.startsWith(join(SRC, "views"))) return
    seen.add(file)
    const source = readFileSync(file, "utf8")
    // Keys in code only: a doc comment's example (the chart kit's `t("dashboard.trend")`) is not a lookup.
    for (const match of source.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(KEY)) keys.add(match[1])
    for (const match of source.matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1])
      if (/\.(css|ts|tsx)$/.test(target) && !/strings(\.\w+)?\.ts$/.test(target)) visit(target)
      else if (!/\.\w+$/.test(target)) {
        for (const extension of [".tsx", ".ts"]) {
          try {
            readFileSync(target + extension)
            visit(target + extension)
            break
          } catch {
            // not this extension
          }
        }
      }
    }
  }
  visit(entry)
  return keys
}

/** The view modules a manifest's screens load, read from the manifest's own `import("../../views/...")` calls. */
const screenModules = (feature: Feature) =>
  [...readFileSync(join(SRC, "app/features", `${feature.name}.ts`), "utf8").matchAll(/import\("(\.\.\/\.\.\/views\/[^"]+)"\)/g)]
    .map((match) => resolve(SRC, "app/features", match[1]))
    .filter((path) => !/\/strings(\.\w+)?$/.test(path))
    .map((path) => `${path}.tsx`)

describe("strings loaded before their views render", () => {
  const catalogue = stringCatalogue()
  const keysOfBundles = async (names: readonly string[]) =>
    new Set(
      (await Promise.all(["common", ...names].flatMap((name) => (catalogue[name] ? [catalogue[name].en()] : [])))).flatMap((bundle) =>
        Object.keys(bundle),
      ),
    )
  const by = (when: Feature["loadStrings"]) => features.filter((f) => f.strings && f.loadStrings === when).map((f) => f.name)
  const everyPage = by("on-every-page")
  const frame = [...everyPage, ...by("with-frame")]

  it.each(features.filter((f) => f.screens).map((f) => [f.name, f] as const))("%s's screens", async (_name, feature) => {
    const available = await keysOfBundles([...everyPage, feature.name, ...(feature.uses ?? [])])
    for (const module of screenModules(feature)) {
      for (const key of keysOf(module)) expect(available, `${key} in ${module}`).toContain(key)
    }
  })

  it.each([
    ["views/shell/Shell.tsx", frame],
    ["views/shell/LandingView.tsx", frame],
    ["views/common/PublicFrame.tsx", everyPage],
    ["views/common/NotAvailableView.tsx", everyPage],
  ])("%s", async (module, names) => {
    const available = await keysOfBundles(names)
    for (const key of keysOf(join(SRC, module))) expect(available, key).toContain(key)
  })
})

/** The contract groups a folder of machines calls: `call("<group>", …)`, `group: "<group>"` and the resource helper's keys. */
const groupsCalledIn = (folder: string): Set<string> => {
  const groups = new Set<string>()
  let files: string[] = []
  try {
    files = readdirSync(join(SRC, "machines", folder)).filter((file) => /(?<!\.test|\.testing)\.ts$/.test(file))
  } catch {
    return groups
  }
  for (const file of files) {
    const source = readFileSync(join(SRC, "machines", folder, file), "utf8")
    for (const match of source.matchAll(/(?:\bcall\(\s*|\bgroup:\s*)"([A-Za-z]+)"/g))
      if (Object.hasOwn(catalogue, match[1])) groups.add(match[1])
    for (const match of source.matchAll(/\brequest\(\s*"([a-z]+)",\s*"([a-z_]+)"/g)) {
      const key = `${match[1]}/${match[2]}`
      if (Object.hasOwn(helperCalls, key)) groups.add(helperCalls[key as HelperKey].group)
    }
  }
  return groups
}

describe("contract groups loaded with their features", () => {
  const withLoginRoute = new Set<string>(loginRouteGroups)

  // A feature's machines: the folders its manifest loads from, and the one of its own name.
  it.each(features.map((f) => [f.name, f] as const))("%s names the groups its machines call", (_name, feature) => {
    const manifest = readFileSync(join(SRC, "app/features", `${feature.name}.ts`), "utf8")
    const folders = new Set([feature.name, ...[...manifest.matchAll(/machines\/([\w-]+)\//g)].map((match) => match[1])])
    const called = [...folders].flatMap((folder) => [...groupsCalledIn(folder)]).filter((group) => !withLoginRoute.has(group))
    expect(new Set(feature.calls ?? []), [...folders].join(", ")).toEqual(new Set([...(feature.calls ?? []), ...called]))
  })
})
