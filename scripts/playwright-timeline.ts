/**
 * What a Playwright JSON report says about the browser suite's time: per worker slot, its tests' summed time and when
 * its last test ended (two slots that end far apart mean a long spec started late), and the slowest spec files.
 * scripts/run-tests.ts prints it after the browser suite; by hand:
 *
 *   npx tsx scripts/playwright-timeline.ts .tmp/test-results/playwright.json
 */
import { readFileSync } from "node:fs"

interface Result {
  readonly startTime: string
  readonly duration: number
  readonly parallelIndex: number
}
interface Suite {
  readonly file?: string
  readonly suites?: readonly Suite[]
  readonly specs?: readonly { readonly file: string; readonly tests: readonly { readonly results: readonly Result[] }[] }[]
}
interface Report {
  readonly stats: { readonly startTime: string; readonly duration: number }
  readonly suites: readonly Suite[]
}

const results = (suite: Suite): { file: string; result: Result }[] => [
  ...(suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((test) => test.results.map((result) => ({ file: spec.file, result })))),
  ...(suite.suites ?? []).flatMap(results),
]

export const timelineLines = (report: Report, slowest = 10): string[] => {
  const start = Date.parse(report.stats.startTime)
  const all = report.suites.flatMap(results)
  const slots = new Map<number, { tests: number; busy: number; first: number; end: number }>()
  const files = new Map<string, number>()
  for (const { file, result } of all) {
    const began = (Date.parse(result.startTime) - start) / 1000
    const seconds = result.duration / 1000
    const slot = slots.get(result.parallelIndex) ?? { tests: 0, busy: 0, first: Number.POSITIVE_INFINITY, end: 0 }
    slots.set(result.parallelIndex, {
      tests: slot.tests + 1,
      busy: slot.busy + seconds,
      first: Math.min(slot.first, began),
      end: Math.max(slot.end, began + seconds),
    })
    files.set(file, (files.get(file) ?? 0) + seconds)
  }
  const s = (seconds: number) => `${seconds.toFixed(0)} s`
  return [
    `Browser workers (of ${s(report.stats.duration / 1000)}):`,
    ...[...slots]
      .sort((a, b) => a[0] - b[0])
      .map(
        ([index, slot]) =>
          `  worker ${index}: ${slot.tests} tests, ${s(slot.busy)} in tests, first at ${s(slot.first)}, last ended at ${s(slot.end)}`,
      ),
    "Slowest browser spec files (summed test time):",
    ...[...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, slowest)
      .map(([file, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${file}`),
  ]
}

export const timelineOf = (file: string) => timelineLines(JSON.parse(readFileSync(file, "utf8")) as Report)

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of timelineOf(process.argv[2] ?? ".tmp/test-results/playwright.json")) console.log(line)
