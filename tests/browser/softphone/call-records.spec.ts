/**
 * PBX call records in the console: two agents call each other through Kamailio, and the list under the softphone
 * shows the call with who, whom, its outcome and its duration (Kamailio's record, read by the server); a refused
 * call shows as busy; the list in Arabic reads right to left.
 */
import { test, expect } from "@playwright/test"
import { card, talkFor, useLab } from "./pbx-lab.testing"
import { kamailioSkipReason } from "../../../server/sip/kamailio"

test.describe.configure({ mode: "serial" })
test.skip(kamailioSkipReason() !== null, "Kamailio is not installed")
// Its own lab: the tests read the tenant's call records from the first call on.
const lab = useLab()

test("a call between two agents appears in the PBX call list with its outcome and duration", async ({ browser }) => {
  const alice = await lab.openPhone(browser, "agent1")
  const bob = await lab.openPhone(browser, "admin")
  const list = alice.page.locator("[data-testid=pbx-call-list]")
  await expect(list).toBeVisible()

  // Answered, about 3 s long.
  await alice.page.fill("[data-testid=softphone-number]", bob.extension)
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  await bob.page.click("[data-testid=softphone-answer]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "active")
  await talkFor(alice.page, 3)
  await alice.page.click("[data-testid=softphone-end]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "idle")

  // Refused by the callee.
  await alice.page.fill("[data-testid=softphone-number]", bob.extension)
  await alice.page.click("[data-testid=softphone-call]")
  await expect(card(bob.page)).toHaveAttribute("data-phase", "incoming")
  await bob.page.click("[data-testid=softphone-reject]")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")

  // The server reads Kamailio's records every 2 s: refresh until both are listed, newest first.
  const rows = list.locator("[data-testid=pbx-call-row]")
  await expect(async () => {
    await alice.page.click("[data-testid=pbx-calls-refresh]")
    await expect(rows).toHaveCount(2, { timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  const refused = rows.nth(0)
  const answered = rows.nth(1)
  await expect(answered.locator("[data-col=outcome]")).toHaveText("Answered")
  await expect(answered.locator("[data-col=direction]")).toHaveText("Internal")
  await expect(answered.locator("[data-col=caller]")).toHaveText(`Kerem Agent (${alice.extension})`)
  await expect(answered.locator("[data-col=callee]")).toHaveText(`Aylin Admin (${bob.extension})`)
  const seconds = Number(/(\d+)s/.exec((await answered.locator("[data-col=duration]").textContent()) ?? "")?.[1])
  expect(seconds).toBeGreaterThanOrEqual(3)
  expect(seconds).toBeLessThanOrEqual(5)
  await expect(refused.locator("[data-col=outcome]")).toHaveText("Busy")
  await expect(refused.locator("[data-col=duration]")).toHaveText("0s")
  await list.screenshot({ path: ".tmp/screenshots/pbx-call-list.png" })

  // Filtered by outcome: only the answered call.
  await alice.page.selectOption("[data-testid=pbx-calls-outcome]", "answered")
  await alice.page.click("[data-testid=pbx-calls-apply]")
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0).locator("[data-col=outcome]")).toHaveText("Answered")
  await alice.close()
  await bob.close()
})

test("the list in Arabic reads right to left with its own words", async ({ browser }) => {
  const phone = await lab.openPhone(browser, "agent1", "ar")
  const list = phone.page.locator("[data-testid=pbx-call-list]")
  await expect(list.locator("h2")).toHaveText("سجلات مكالمات المقسم")
  await expect(phone.page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(list.locator("[data-testid=pbx-call-row]").first().locator("[data-col=outcome]")).toHaveText("مشغول")
  await list.screenshot({ path: ".tmp/screenshots/pbx-call-list-ar.png" })
  await phone.close()
})
