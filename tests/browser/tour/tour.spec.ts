/**
 * The tour (tour.ts) as each demo user and as a logged-out visitor: every address they may open, checked at two
 * window sizes. One test per user, so the suite's workers share them out; each lists all of its user's failures at
 * once.
 */
import { expect, type Page, test } from "@playwright/test"
import { screenAudit } from "../a11y/screen-audit"
import { baseUrl, login } from "../helpers"
import { addressesFor, screenWords, tour } from "./tour"

/**
 * The demo logins (README "Demo users"): both tenants' admins, a full and a limited agent, and the super admin; and in
 * how many parts each one's tour runs. A part is a test of its own with its own login, so the suite's workers share a
 * long tour out instead of one worker running it alone at the end.
 */
const USERS = { admin: 4, agent1: 2, agent2: 1, superadmin: 2, admin2: 2 } as const

/** The part-th of `parts` even slices of the addresses (1-based). */
const sliceOf = <T>(items: readonly T[], part: number, parts: number) =>
  items.slice(Math.floor(((part - 1) * items.length) / parts), Math.floor((part * items.length) / parts))

/**
 * Whose tour also audits each screen for accessibility (tests/browser/a11y): a tenant's admin and an agent. The audit
 * switches language and theme between screens, so a tour that saves screenshots (TOUR_SHOTS) of one language skips it.
 */
const AUDITED = new Set<string>(process.env.TOUR_SHOTS ? [] : ["admin", "agent1"])

// Each user's tour is independent (its own login on its worker's server): the workers share them out.
test.describe.configure({ mode: "parallel" })

const run = async (page: Page, user: string, acl: Record<string, unknown> | null, part = 1, parts = 1) => {
  const started = Date.now()
  const addresses = sliceOf(addressesFor(acl), part, parts)
  expect(addresses.length).toBeGreaterThan(0)
  // The audit's other languages are read for raw words too: the tour reads the one each screen lands in.
  const a11y = AUDITED.has(user) ? screenAudit(page, { words: () => screenWords(page) }) : null
  const result = await tour(page, user, addresses, a11y?.check)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  // The tour's cost, in the run's output: it must stay within the suite's budget.
  console.log(
    `tour ${user} (${part} of ${parts}): ${addresses.length} addresses in ${seconds} s; slowest ${result.slowest.slice(0, 5).join(", ")}`,
  )
  if (a11y) console.log(a11y.summary(user))
  expect(result.failures, `${result.failures.length} problems:\n${result.failures.join("\n")}`).toEqual([])
}

for (const [user, parts] of Object.entries(USERS))
  for (let part = 1; part <= parts; part++)
    test(`tour of the console as ${user}, part ${part} of ${parts}`, async ({ page }) => {
      // TOUR_LANGUAGE (tr, ar) tours in that language: the console reads the choice from storage before it starts.
      const language = process.env.TOUR_LANGUAGE
      if (language) await page.addInitScript((choice) => localStorage.setItem("i18nextLng", choice), language)
      const body = await login(page, user)
      // The tour's budget: a second and a half per address on a loaded machine (the admins have about a hundred), and
      // twice as much again where each screen is also audited in two modes.
      test.setTimeout(30_000 + sliceOf(addressesFor(body.user_acl), part, parts).length * (AUDITED.has(user) ? 4_500 : 1_500))
      // The floating "Call a customer" button: an agent who takes calls has it once the call centre is up; the super
      // admin, who takes none, has not had it by the tour's end.
      if (user === "agent1") await expect(page.getByTestId("dial-open")).toHaveCount(1)
      await run(page, user, body.user_acl, part, parts)
      if (user === "superadmin") await expect(page.getByTestId("dial-open")).toHaveCount(0)
    })

test("tour of the public pages logged out", async ({ page }) => {
  await page.goto(`${baseUrl()}/privacy-policy`)
  await run(page, "visitor", null)
})
