/** UAT customers in Chromium against the seeded server: add a test number, a repeat refused on the field, switch it off; Arabic. */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("UAT customers: add a test number, a repeat refused on the field, switched off; Arabic mirrors", async ({ page }) => {
  const number = `+90555${Date.now().toString().slice(-7)}`
  await loginTo(page, "admin", "/apps/company-details/uat-customer")
  await expect(page.getByTestId("page-title")).toHaveText("UAT customers")
  const dialog = page.getByTestId("uat-dialog")

  await page.getByTestId("uat-new").click()
  await dialog.getByTestId("uat-number").fill("call me")
  await dialog.getByTestId("uat-dialog-save").click()
  await expect(dialog).toContainText("Enter a phone number in international form")
  await dialog.getByTestId("uat-number").fill(number)
  await dialog.getByTestId("uat-name").fill("QA phone")
  await dialog.getByTestId("uat-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  const row = page.getByTestId("uat-table").getByTestId("uat-row").filter({ hasText: number })
  await expect(row).toContainText("QA phone")
  await expect(row).toContainText("On")

  await page.getByTestId("uat-new").click()
  await dialog.getByTestId("uat-number").fill(number)
  await dialog.getByTestId("uat-dialog-save").click()
  await expect(dialog).toContainText(`${number} is already a UAT customer`)
  await dialog.getByTestId("uat-dialog-cancel").click()

  await row.getByTestId("uat-row-edit").click()
  await dialog.locator("label.bp6-switch").click()
  await dialog.getByTestId("uat-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await expect(row).toContainText("Off")
  await shot(page, "uat/list-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("عملاء اختبار القبول")
  await shot(page, "uat/list-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
