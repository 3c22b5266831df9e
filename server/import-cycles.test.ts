/** A cycle between server modules makes the load order decide what is undefined at start; none may creep back in. */
import { cruise, type ICruiseResult } from "dependency-cruiser"
import { expect, test } from "vitest"

test("no import cycle under server/", async () => {
  const result = await cruise(["server"], {
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: { path: "^server/" }, to: { circular: true } }] },
    // Type-only imports count: they are where cycles between modules start.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/(?!contract/)" },
  })
  const { summary } = result.output as ICruiseResult
  const cycles = summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(" -> "))
  expect(cycles).toEqual([])
}, 60_000)
