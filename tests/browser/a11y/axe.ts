/**
 * One axe-core pass over what a page shows, against WCAG 2.2 AA (the A and AA tags of 2.0, 2.1 and 2.2). Serious and
 * critical violations are failures; moderate and minor ones are returned apart, to be fixed or written down in
 * docs/accessibility.md. A pass in which axe did not run (refused by the page, or loaded another version) is a
 * failure too: an audit that cannot see must not read as a clean one.
 */
import { createRequire } from "node:module"
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const

const AXE_VERSION = (createRequire(import.meta.url)("axe-core/package.json") as { version: string }).version

/** What one pass found: failure lines (serious, critical) and the rest, each naming where, the rule and the element. */
export interface AuditFindings {
  readonly failures: string[]
  readonly moderate: string[]
  /** Violating elements by rule and impact ("serious color-contrast"), for a count of what was found. */
  readonly byRule: Map<string, number>
}

const BLOCKING = new Set(["serious", "critical"])

/** Audits the page as it is now; `where` names the screen and its mode in each line ("agent1 /apps/chat en light"). */
export const audit = async (page: Page, where: string): Promise<AuditFindings> => {
  // axe (600 kB) is put in a document once: the single-page app keeps it across screens, and putting it in again on
  // every pass would cost as much as the pass itself.
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object")
  // Legacy mode runs axe in the page itself instead of opening a blank page to merge frames: the console has no
  // frames of its own, and a page per pass would double the audit's cost.
  // Only the violations' elements come back: the passing ones (thousands on a long table) cost more to send than to find.
  const results = await new AxeBuilder(loaded ? { page, axeSource: ";" } : { page })
    // Options before tags: options() replaces every option, the tags among them. Label in name (WCAG 2.5.3) is
    // still marked experimental in axe, so not among the tags' rules: it is asked for by name.
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags([...WCAG_TAGS])
    .setLegacyMode(true)
    .analyze()
  const failures: string[] = []
  const moderate: string[] = []
  const byRule = new Map<string, number>()
  if (results.testEngine?.name !== "axe-core" || results.testEngine.version !== AXE_VERSION || results.passes.length === 0)
    failures.push(`${where}: axe-core ${AXE_VERSION} did not run (engine ${JSON.stringify(results.testEngine)})`)
  for (const violation of results.violations) {
    const impact = violation.impact ?? "minor"
    const key = `${impact} ${violation.id}`
    byRule.set(key, (byRule.get(key) ?? 0) + violation.nodes.length)
    for (const node of violation.nodes) {
      const element = `${node.target.join(" ")} ${node.html.replace(/\s+/g, " ").slice(0, 160)}`
      const line = `${where}: ${key} (${violation.help}) at ${element}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ").slice(0, 200)}` : ""}`
      ;(BLOCKING.has(impact) ? failures : moderate).push(line)
    }
  }
  return { failures, moderate, byRule }
}

/** Adds one pass's counts into a running total. */
export const addCounts = (total: Map<string, number>, counts: Map<string, number>) => {
  for (const [key, n] of counts) total.set(key, (total.get(key) ?? 0) + n)
}

/** The counts as one line per rule, most first. */
export const countLines = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${n} ${key}`)
