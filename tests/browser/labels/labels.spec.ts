/** Labels in Chromium against the seeded server: create one, a second with the same name refused on the field, delete; Arabic. */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("Labels: create, a taken name refused on the field, delete; Arabic mirrors", async ({ page }) => {
  const name = `Urgent ${Date.now().toString(36)}`
  await loginTo(page, "admin", "/apps/labels")
  await expect(page.getByTestId("page-title")).toHaveText("Labels")
  const dialog = page.getByTestId("label-dialog")

  await page.getByTestId("labels-new").click()
  await dialog.getByTestId("label-name").fill(name)
  await dialog.getByTestId("label-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await page.getByTestId("labels-search").fill(name)
  await page.getByTestId("labels-search").press("Enter")
  const row = page.getByTestId("label-row")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("label-chip")).toHaveText(name)

  await page.getByTestId("labels-new").click()
  await dialog.getByTestId("label-name").fill(name.toUpperCase())
  await dialog.getByTestId("label-dialog-save").click()
  await expect(dialog).toContainText(`A label named "${name.toUpperCase()}" already exists`)
  await dialog.getByTestId("label-dialog-cancel").click()
  await expect(row).toHaveCount(1)

  await row.getByTestId("label-row-delete").click()
  await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
  await expect(page.getByTestId("labels-table").getByTestId("label-row")).toHaveCount(0)

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("التصنيفات")
  await shot(page, "audience/labels-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
