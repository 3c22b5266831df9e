/**
 * The accessibility audit as a check of the tour (tests/browser/tour): each settled screen is audited in the mode it
 * is in, switched in place to the other mode (modes.ts) and audited again; the next screen starts in that mode, so a
 * screen costs two passes and one switch. Counts and the time spent are kept for the run's output.
 */
import type { Page } from "@playwright/test"
import { addCounts, audit, countLines } from "./axe"
import { currentMode, MODES, type Mode, modeName, stillAnimations, switchMode } from "./modes"

const sameMode = (a: Mode, b: Mode) => a.language === b.language && a.theme === b.theme

export const screenAudit = (page: Page) => {
  const counts = new Map<string, number>()
  const moderate = new Set<string>()
  let spent = 0
  let screens = 0
  const check = async (landed: string): Promise<string[]> => {
    const started = Date.now()
    const failures: string[] = []
    const now = await currentMode(page)
    const first = MODES.find((mode) => sameMode(mode, now))
    const order = first ? [first, ...MODES.filter((mode) => mode !== first)] : MODES
    for (const [n, mode] of order.entries()) {
      if (n > 0 || !first) {
        if (!(await switchMode(page, mode))) {
          failures.push(`a11y: cannot switch to ${modeName(mode)} here (no language menu or theme button)`)
          continue
        }
      } else await stillAnimations(page)
      const found = await audit(page, `a11y ${modeName(mode)}`)
      failures.push(...found.failures)
      for (const line of found.moderate) moderate.add(`${landed} ${line}`)
      addCounts(counts, found.byRule)
    }
    spent += Date.now() - started
    screens++
    return failures
  }
  return {
    check,
    /** What the audit found and cost, for the run's output. */
    summary: (user: string) =>
      [
        `a11y ${user}: ${screens} screens in ${MODES.map(modeName).join(" and ")}, ${(spent / 1000).toFixed(1)} s`,
        ...countLines(counts).map((line) => `  found ${line}`),
        ...[...moderate].map((line) => `  moderate ${line}`),
      ].join("\n"),
  }
}
