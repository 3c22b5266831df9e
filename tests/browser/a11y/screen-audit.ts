/**
 * The accessibility audit as a check of the tour (tests/browser/tour): each settled screen is audited in the mode it
 * is in, switched in place to the other mode (modes.ts) and audited again; the next screen starts in that mode, so a
 * screen costs two passes and one switch. Every `turkishEvery`-th screen is also audited in Turkish, between the two
 * (one pass and one switch more): its long labels and their names are checked on a share of the screens, at a third
 * of the cost of a third mode everywhere. Counts and the time spent are kept for the run's output. A `words` check (the
 * tour's look for raw keys and values, which it runs in the mode the screen lands in) runs in each mode switched to,
 * so every audited screen is read in English and Arabic, and a share in Turkish.
 */
import type { Page } from "@playwright/test"
import { addCounts, audit, countLines } from "./axe"
import { currentMode, MODES, type Mode, modeName, stillAnimations, switchMode, TURKISH } from "./modes"

const sameMode = (a: Mode, b: Mode) => a.language === b.language && a.theme === b.theme

/** A11Y_TURKISH_EVERY=1 audits every screen in Turkish too (to look for Turkish findings at once). */
const TURKISH_EVERY = Number(process.env.A11Y_TURKISH_EVERY ?? 3)

/** The modes a screen is audited in, starting with the one it shows: the two, and Turkish between them when due. */
const orderFor = (now: Mode, turkish: boolean): readonly Mode[] => {
  const first = MODES.find((mode) => sameMode(mode, now)) ?? MODES[0]
  const [last] = MODES.filter((mode) => mode !== first)
  return turkish ? [first, TURKISH, last] : [first, last]
}

/** What the audit also does in each mode it switches to. */
export interface AuditOptions {
  readonly turkishEvery?: number
  /** Problems with the screen's words as drawn now: raw i18n keys and values. */
  readonly words?: () => Promise<string[]>
}

export const screenAudit = (page: Page, { turkishEvery = TURKISH_EVERY, words }: AuditOptions = {}) => {
  const counts = new Map<string, number>()
  const moderate = new Set<string>()
  let spent = 0
  let screens = 0
  let turkishScreens = 0
  const check = async (landed: string): Promise<string[]> => {
    const started = Date.now()
    const failures: string[] = []
    const now = await currentMode(page)
    const order = orderFor(now, screens % turkishEvery === 0)
    for (const mode of order) {
      if (!sameMode(mode, await currentMode(page))) {
        if (!(await switchMode(page, mode))) {
          failures.push(`a11y: cannot switch to ${modeName(mode)} here (no language menu or theme button)`)
          continue
        }
      } else await stillAnimations(page)
      if (mode === TURKISH) turkishScreens++
      if (words && mode !== order[0]) failures.push(...(await words()).map((problem) => `${modeName(mode)}: ${problem}`))
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
        `a11y ${user}: ${screens} screens in ${MODES.map(modeName).join(" and ")}, ${turkishScreens} of them in ${modeName(TURKISH)} too, ${(spent / 1000).toFixed(1)} s`,
        ...countLines(counts).map((line) => `  found ${line}`),
        ...[...moderate].map((line) => `  moderate ${line}`),
      ].join("\n"),
  }
}
