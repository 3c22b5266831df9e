/**
 * Bulk-flagging 500 contacts in Chromium against the real server: 500 new contacts (imported through the server's own
 * call, with an attribute only they carry) are filtered in the contact book, "all matching" is selected and flagged
 * with a new flag; the progress shows while the server works, the result counts 500, and the server then lists
 * exactly those 500 numbers under the flag.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"
import { api, freshNumbers, importCsv } from "./contacts-api.testing"

test("contacts: flag all 500 contacts matching a filter, watch the progress, and the server holds exactly those", async ({ page }) => {
  test.setTimeout(120_000)
  await login(page, "admin")
  const batch = `b${Date.now().toString(36)}`
  const numbers = freshNumbers(500)
  const imported = await importCsv(page, `number,batch\n${numbers.map((n) => `${n},${batch}`).join("\n")}\n`)
  expect(imported.data.imported + imported.data.merged).toBe(500)
  const flag = (
    await api<{ data: { id: number; name: string } }>(page, "/backend/flag/create", { name: `Bulk ${batch}`, color: "#d13913" })
  ).data

  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByLabel("Attribute key").fill("batch")
  await page.getByLabel("Value (optional)").fill(batch)
  await page.getByTestId("contacts-filters-apply").click()
  await expect(page.getByTestId("page-range")).toHaveText(/of 500$/)
  await page.getByTestId("select-page").check({ force: true })
  await page.getByTestId("bulk-all-matching").click()
  await expect(page.getByTestId("bulk-count")).toHaveText("All contacts matching the filter: 500")

  // Hold the server's answer until the progress has been seen, so the check cannot race a fast server.
  let release: () => void = () => {}
  const seen = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route("**/api/backend/flag/assign", async (route) => {
    await seen
    await route.continue()
  })
  await page.getByTestId("bulk-flag").click()
  await expect(page.getByTestId("bulk-confirm")).toHaveText("Flag — contacts: 500")
  await page.getByTestId("bulk-target").selectOption(String(flag.id))
  const [assign] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/backend/flag/assign")),
    page.getByTestId("bulk-run").click(),
  ])
  expect(assign.postDataJSON()).toEqual({ flag_id: flag.id, filter: { attribute: { key: "batch", value: batch } } })
  await expect(page.getByTestId("bulk-progress")).toContainText("Working… step 1 of 1")
  // The held request keeps the network busy, so this picture cannot wait for an idle network as `shot` does.
  await page.screenshot({ path: ".tmp/screenshots/contacts/bulk-flag-progress-en.png" })
  release()
  await expect(page.getByTestId("bulk-result")).toHaveText("Contacts processed: 500; changed: 500")
  await shot(page, "contacts/bulk-flag-result-en")
  await page.unroute("**/api/backend/flag/assign")

  const flagged = await api<{ data: { items: { number: string }[]; totalItems: number } }>(page, "/backend/fetch/all/contacts", {
    flag_id: flag.id,
    page: 1,
    limit: 1000,
  })
  expect(flagged.data.totalItems).toBe(500)
  expect(flagged.data.items.map((c) => c.number).sort()).toEqual([...numbers].sort())
})
