/**
 * Runs the vitest suites (unit, model-based, server integration) and the Playwright browser suite,
 * each with a JSON reporter, and prints the sum as `N passed, N failed`. Exits non-zero on any failure.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, existsSync } from "node:fs"

interface Tally {
  passed: number
  failed: number
  skipped: number
}

const outDir = ".tmp/test-results"
mkdirSync(outDir, { recursive: true })

const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  // The Debian packages were installed by scripts/ensure-test-deps.sh: suites must not skip for want of them.
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, REQUIRE_SYSTEM_DEPS: "1", ...env },
  })
  return result.status ?? 1
}

const readVitest = (file: string): Tally => {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 }
  const report = JSON.parse(readFileSync(file, "utf8"))
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  }
}

const readPlaywright = (file: string): Tally => {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 }
  const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {}
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  }
}

const only = process.argv[2]
const tallies: Tally[] = []
let exitCodes = 0

if (!only || only === "vitest") {
  const file = `${outDir}/vitest.json`
  exitCodes |= run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`])
  tallies.push(readVitest(file))
}
if (!only || only === "browser") {
  const file = `${outDir}/playwright.json`
  exitCodes |= run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file })
  tallies.push(readPlaywright(file))
}

const sum = tallies.reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}))
if (exitCodes !== 0 && sum.failed === 0) sum.failed = 1
console.log(`${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ""}`)
process.exit(sum.failed > 0 ? 1 : 0)
