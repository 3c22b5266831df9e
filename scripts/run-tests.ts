/**
 * `npm test` after the Debian packages are in: first the house checks (Biome's format and lint, the layer rules of
 * .dependency-cruiser.cjs, the type check), which stop the run on a breach; then the vitest suites (the console's
 * unit and model-based tests, the server's integration tests on PGlite and PostgreSQL) and the Playwright browser
 * suite, each with a JSON reporter. Ends with each suite's wall time, the slowest features, and `N passed, N failed`.
 *
 *   npm test                 everything
 *   npm test -- checks       only the house checks       (also: console, server, browser)
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { stripVTControlCharacters } from "node:util"
import { statOf } from "./bench/process-cpu"
import { timelineOf } from "./playwright-timeline"

interface Tally {
  passed: number
  failed: number
  skipped: number
}
interface Suite {
  readonly name: string
  readonly seconds: number
  /** CPU seconds of the suite's processes: on 2 cores the wall time follows it, so a saving shows here first. */
  readonly cpuSeconds: number
  readonly tally: Tally
}

const outDir = ".tmp/test-results"
mkdirSync(outDir, { recursive: true })

const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  // The Debian packages were installed by scripts/ensure-test-deps.sh: suites must not skip for want of them.
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, REQUIRE_SYSTEM_DEPS: "1", ...env } })
  return result.status ?? 1
}

/**
 * CPU seconds of the ended child processes so far, their own ended children included; daemons that left their parent
 * (a PostgreSQL that pg_ctl started) are not. Zero where there is no /proc.
 */
const childCpuSeconds = () => statOf("self")?.reaped ?? 0

const timed = (name: string, body: () => Tally): Suite => {
  const started = performance.now()
  const cpuBefore = childCpuSeconds()
  console.log(`\n=== ${name}`)
  const tally = body()
  return { name, seconds: (performance.now() - started) / 1000, cpuSeconds: childCpuSeconds() - cpuBefore, tally }
}

interface VitestFile {
  readonly name: string
  readonly startTime: number
  readonly endTime: number
}

/** Seconds per feature folder (src/machines/chat, server/features/chat, ...), so a slow area shows by name. */
const featureTimes = (files: readonly VitestFile[]) => {
  const byFeature = new Map<string, number>()
  for (const file of files) {
    const path = file.name.replace(`${process.cwd()}/`, "")
    const feature = path
      .split("/")
      .slice(0, path.startsWith("server/features/") ? 3 : 3)
      .join("/")
    byFeature.set(feature, (byFeature.get(feature) ?? 0) + (file.endTime - file.startTime) / 1000)
  }
  return [...byFeature].sort((a, b) => b[1] - a[1])
}

/** What failed, one line each, printed again at the very end so that the tail of a long log names it. */
const failures: string[] = []
/** Browser tests that failed once and passed when run again (playwright.config.ts `retries`), with the first error. */
const flaky: string[] = []
const firstLine = (text: unknown) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .find((line) => line.trim() !== "") ?? ""
const brief = (text: unknown) => firstLine(text).replace(/\s+/g, " ").slice(0, 200)

interface VitestAssertion {
  readonly fullName: string
  readonly status: string
  readonly failureMessages?: readonly string[]
}

const readVitest = (file: string): Tally & { files: VitestFile[] } => {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, files: [] }
  const report = JSON.parse(readFileSync(file, "utf8"))
  for (const result of (report.testResults ?? []) as (VitestFile & {
    status: string
    message?: string
    assertionResults?: VitestAssertion[]
  })[]) {
    const path = result.name.replace(`${process.cwd()}/`, "")
    const failed = (result.assertionResults ?? []).filter((a) => a.status === "failed")
    for (const a of failed) failures.push(`${path} › ${a.fullName}: ${brief(a.failureMessages?.[0])}`)
    if (result.status === "failed" && failed.length === 0)
      failures.push(`${path} (the file itself: a hook or an import): ${brief(result.message)}`)
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    files: report.testResults ?? [],
  }
}

interface PlaywrightSuite {
  readonly title: string
  readonly suites?: readonly PlaywrightSuite[]
  readonly specs?: readonly {
    readonly title: string
    readonly file: string
    readonly line: number
    readonly tests: readonly { readonly status: string; readonly results: readonly { readonly error?: { readonly message?: string } }[] }[]
  }[]
}
const playwrightFailures = (suite: PlaywrightSuite) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      if (test.status === "unexpected")
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${brief(test.results.at(-1)?.error?.message)}`)
      else if (test.status === "flaky") flaky.push(`${spec.file}:${spec.line} › ${spec.title}: ${brief(test.results[0]?.error?.message)}`)
  for (const inner of suite.suites ?? []) playwrightFailures(inner)
}

const readPlaywright = (file: string): Tally => {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 }
  const report = JSON.parse(readFileSync(file, "utf8"))
  for (const suite of report.suites ?? []) playwrightFailures(suite)
  const stats = report.stats ?? {}
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  }
}

/** The unhandled errors scripts/unhandled-reporter.ts wrote: what each was, where it came from, its cause. */
const unhandledLines = (file: string): string[] => {
  if (!existsSync(file)) return []
  interface Unhandled {
    name?: string
    message?: string
    test?: string
    testName?: string
    stack?: string
    cause?: Unhandled
  }
  const lines = (error: Unhandled): string[] => [
    `${error.name ?? "Error"}: ${brief(error.message)}${error.test ? ` (in ${error.test}${error.testName ? ` › ${error.testName}` : ""})` : ""}`,
    ...(error.stack ?? "")
      .split("\n")
      .slice(1, 4)
      .map((line) => `    ${line.trim()}`),
    ...(error.cause ? lines(error.cause).map((line) => `  caused by ${line}`) : []),
  ]
  return (JSON.parse(readFileSync(file, "utf8")) as Unhandled[]).flatMap(lines)
}

const vitestFiles: VitestFile[] = []
const vitestSuite =
  (name: string, paths: string[], options: string[] = []) =>
  () => {
    const file = `${outDir}/vitest-${name}.json`
    const unhandledFile = `${outDir}/vitest-${name}-unhandled.json`
    rmSync(unhandledFile, { force: true })
    const reporters = ["--reporter=default", "--reporter=json", "--reporter=./scripts/unhandled-reporter.ts"]
    const status = run("npx", ["vitest", "run", ...paths, ...options, ...reporters, `--outputFile.json=${file}`], {
      UNHANDLED_ERRORS_FILE: unhandledFile,
    })
    const { files, ...tally } = readVitest(file)
    vitestFiles.push(...files)
    if (status !== 0 && tally.failed === 0) {
      failures.push(`vitest ${paths.join(" ")} exited ${status} with every test passing: an unhandled error (see "Unhandled" above)`)
      for (const line of unhandledLines(unhandledFile)) failures.push(`  ${line}`)
      return { ...tally, failed: 1 }
    }
    return tally
  }

/** A breach of the house rules is one failure and stops the run: the suites would only repeat it slower. */
const check = (command: string, args: string[]) => (run(command, args) === 0 ? 1 : 0)
const houseChecks = (): Tally => {
  const results = [
    check("npx", ["biome", "ci", "--reporter=summary", "."]),
    check("npx", ["depcruise", "-c", ".dependency-cruiser.cjs", "src", "server", "tests", "scripts"]),
    // TypeScript 7's checker (docs/decisions/typecheck-on-typescript-7.md).
    check("npm", ["run", "--silent", "typecheck"]),
  ]
  const passed = results.reduce((a, b) => a + b, 0)
  return { passed, failed: results.length - passed, skipped: 0 }
}

const only = process.argv[2]
const wanted = (name: string) => !only || only === name
const suites: Suite[] = []

if (wanted("checks")) suites.push(timed("checks: format and lint (Biome), layer rules (dependency-cruiser), types (tsc)", houseChecks))
const stop = suites.some((suite) => suite.tally.failed > 0)
// The test files share their worker's process, as the server's below do (docs/decisions/suites-without-isolation.md).
if (!stop && wanted("console"))
  suites.push(timed("console: unit and model-based (src/)", vitestSuite("console", ["src"], ["--no-isolate"])))
if (!stop && wanted("server"))
  // The server's test files share their worker's process (no isolation): the server's modules load once per worker, not
  // once per file (docs/decisions/suites-without-isolation.md). Four workers on two cores: a file spends much of
  // its time waiting (on PostgreSQL, Kamailio, timers), so fewer leave a core idle (docs/testing.md "Time").
  suites.push(
    timed("server: integration on PGlite and PostgreSQL (server/)", vitestSuite("server", ["server"], ["--no-isolate", "--maxWorkers=4"])),
  )
if (!stop && wanted("browser"))
  suites.push(
    timed("browser: Chromium against the real server (tests/browser/)", () => {
      const file = `${outDir}/playwright.json`
      const status = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file })
      const tally = readPlaywright(file)
      if (status !== 0 && tally.failed === 0) {
        failures.push(`playwright exited ${status} with every test passing (see the log above)`)
        return { ...tally, failed: 1 }
      }
      // The login route's and the widget's download budgets, on the build the suite just served (a few seconds).
      const budget = run("npx", ["tsx", "scripts/bundle-size.ts", "--no-build"], { BUNDLE_DIST: process.env.BROWSER_DIST ?? "dist" })
      if (budget !== 0) failures.push("the login route or the web-chat widget is over its download budget (bundle-size above)")
      return budget === 0 ? { ...tally, passed: tally.passed + 1 } : { ...tally, failed: tally.failed + 1 }
    }),
  )

/** Whole seconds as "Mm SSs" (rounded first: 119.6 s is "2m 00s", not "1m 60s"). */
const minutes = (seconds: number) => {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, "0")}s`
}
console.log("\nSuite times (wall, and CPU seconds):")
const cpu = (seconds: number) => `${Math.round(seconds)} CPU-s`.padStart(11)
for (const suite of suites) {
  const { passed, failed } = suite.tally
  console.log(`  ${minutes(suite.seconds).padStart(8)} ${cpu(suite.cpuSeconds)}  ${suite.name}  (${passed} passed, ${failed} failed)`)
}
console.log(
  `  ${minutes(suites.reduce((a, s) => a + s.seconds, 0)).padStart(8)} ${cpu(suites.reduce((a, s) => a + s.cpuSeconds, 0))}  total`,
)
if (vitestFiles.length > 0) {
  console.log("Slowest feature folders (vitest, summed file time):")
  for (const [feature, seconds] of featureTimes(vitestFiles).slice(0, 8)) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${feature}`)
}
// How the browser suite's two workers shared the specs: a late long spec shows as one worker ending well after the other.
if (wanted("browser") && !stop && existsSync(`${outDir}/playwright.json`))
  for (const line of timelineOf(`${outDir}/playwright.json`)) console.log(line)
if (stop) console.log("The house checks failed (above): fix them first; the suites did not run.")

const sum = suites.reduce(
  (a, s) => ({ passed: a.passed + s.tally.passed, failed: a.failed + s.tally.failed, skipped: a.skipped + s.tally.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
)
if (flaky.length > 0) {
  console.log("Passed on the second run (failed on the first; each is a lead to follow):")
  for (const test of flaky) console.log(`  ~ ${test}`)
}
if (failures.length > 0) {
  console.log("Failed:")
  for (const failure of failures) console.log(`  ✗ ${failure}`)
}
console.log(`${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ""}`)
process.exit(sum.failed > 0 ? 1 : 0)
