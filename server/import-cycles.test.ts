/**
 * A cycle between server modules makes the load order decide what is undefined at start; none may creep back in. Nor
 * may features reach each other both ways (even through their public modules, where no module cycle shows): the
 * features form layers, with the chat core at the bottom, and a reaction in the other direction is a hook point.
 */
import { cruise, type ICruiseResult } from "dependency-cruiser"
import { expect, test } from "vitest"

const TEST = /(\.test\.ts|\.testing\.ts)$/
const featureOf = (path: string) => /^server\/features\/([^/]+)\//.exec(path)?.[1]

/** The strongly connected groups of more than one feature (Tarjan), each sorted. */
const featureCycles = (edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) group.push(w)
      if (group.length > 1) cycles.push(group.sort())
    }
  }
  for (const v of edges.keys()) if (!index.has(v)) visit(v)
  return cycles
}

const cruised = cruise(["server"], {
  validate: true,
  ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: { path: "^server/" }, to: { circular: true } }] },
  // Type-only imports count: they are where cycles between modules start.
  tsPreCompilationDeps: true,
  doNotFollow: { path: "node_modules" },
  exclude: { path: "^src/(?!contract/)" },
}).then((result) => result.output as ICruiseResult)

test("no import cycle under server/", async () => {
  const { summary } = await cruised
  const cycles = summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(" -> "))
  expect(cycles).toEqual([])
}, 60_000)

test("no two features import each other, directly or around a loop", async () => {
  const { modules } = await cruised
  const edges = new Map<string, Set<string>>()
  for (const module of modules) {
    const from = featureOf(module.source)
    if (!from || TEST.test(module.source)) continue
    for (const dependency of module.dependencies) {
      const to = featureOf(dependency.resolved)
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to))
    }
  }
  expect(edges.size).toBeGreaterThan(10)
  expect(featureCycles(edges)).toEqual([])
}, 60_000)
