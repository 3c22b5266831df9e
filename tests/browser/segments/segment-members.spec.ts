/**
 * A segment's members in Chromium against the real server: contacts imported through the server's own call carry a
 * fresh attribute, a segment on that attribute is saved, and the members dialog pages through exactly those contacts,
 * as many as the list's count.
 */
import { expect, test } from "@playwright/test"
import { api, freshNumbers, importCsv } from "../contacts/contacts-api.testing"
import { baseUrl, login, shot } from "../helpers"

test("Segments: the members list shows exactly the contacts the segment counts, paged", async ({ page }) => {
  await login(page, "admin")
  const cohort = `m${Date.now().toString(36)}`
  const numbers = freshNumbers(12)
  const imported = await importCsv(page, `number,name,cohort\n${numbers.map((n, i) => `${n},Member ${i},${cohort}`).join("\n")}\n`)
  expect(imported.data.imported + imported.data.merged).toBe(12)
  const name = `Cohort ${cohort}`
  await api(page, "/segment/insert", {
    name,
    rules: { match: "all", conditions: [{ type: "attribute", key: "cohort", operator: "eq", value: cohort }] },
  })

  await page.goto(`${baseUrl()}/apps/admin-segments`)
  await page.getByTestId("segments-search").fill(name)
  await page.getByTestId("segments-search").press("Enter")
  const row = page.getByTestId("segment-row")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("segment-members")).toHaveText("12")
  await row.getByTestId("segment-members").click()

  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText(`Members of ${name}`)
  await expect(dialog.getByTestId("segment-members-total")).toHaveText("In the segment now: 12 (the list said 12)")
  const members = dialog.getByTestId("segment-member-number")
  await expect(members).toHaveCount(10)
  const first = await members.allTextContents()
  await shot(page, "audience/segment-members-en")
  await dialog.getByTestId("page-next").click()
  await expect(members).toHaveCount(2)
  const second = await members.allTextContents()
  expect([...first, ...second].sort()).toEqual([...numbers].sort())

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  // The list first: a search typed before it loads is answered by the unfiltered load.
  await expect(page.getByTestId("segment-row").first()).toBeVisible()
  await page.getByTestId("segments-search").fill(name)
  await page.getByTestId("segments-search").press("Enter")
  await expect(page.getByTestId("segment-row")).toHaveCount(1)
  await page.getByTestId("segment-row").getByTestId("segment-members").click()
  await expect(page.getByRole("dialog").getByTestId("segment-member-number")).toHaveCount(10)
  await shot(page, "audience/segment-members-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
