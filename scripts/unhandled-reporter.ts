/**
 * A vitest reporter for `npm test`: it writes the run's unhandled errors (a worker that died, a rejection after a
 * test ended) to the file named by UNHANDLED_ERRORS_FILE, so the runner's closing `Failed:` list can name them
 * instead of only saying that vitest exited 1.
 */
import { writeFileSync } from "node:fs"
import type { Reporter } from "vitest/reporters"

type Unhandled = Parameters<NonNullable<Reporter["onTestRunEnd"]>>[1][number]

const summary = (error: Unhandled): Record<string, unknown> => ({
  name: error.name,
  message: error.message,
  test: error.VITEST_TEST_PATH ?? error.testPath,
  testName: error.VITEST_TEST_NAME,
  stack: error.stack?.split("\n").slice(0, 12).join("\n"),
  cause: error.cause ? summary(error.cause) : undefined,
})

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd: Reporter["onTestRunEnd"] = (_modules, errors) => {
    const file = process.env.UNHANDLED_ERRORS_FILE
    if (file) writeFileSync(file, JSON.stringify(errors.map(summary), null, 2))
  }
}
