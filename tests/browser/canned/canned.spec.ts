/**
 * Canned messages in Chromium against the seeded server: an admin creates a reply with a shortcut, edits it, sees a
 * second reply with the same shortcut refused by the server (409, shown on the field, nothing saved), deletes it;
 * the screen in Arabic, right to left.
 */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("Canned messages: create, edit, a duplicate shortcut refused on the field, delete; Arabic mirrors", async ({ page }) => {
  const stamp = Date.now().toString(36)
  const shortcut = `thanks-${stamp}`
  await loginTo(page, "admin", "/apps/canned-messages")
  await expect(page.getByTestId("page-title")).toHaveText("Canned Messages")
  await expect(page.getByTestId("canned-row").first()).toBeVisible()

  // A problem is said before any call.
  await page.getByTestId("canned-new").click()
  const dialog = page.getByTestId("canned-dialog")
  await dialog.getByTestId("canned-dialog-save").click()
  await expect(dialog.getByTestId("canned-dialog-problem")).toHaveText("Give the message a title.")

  await dialog.getByTestId("canned-title").fill(`Thanks ${stamp}`)
  await dialog.getByTestId("canned-text").fill("Thank you for contacting us!")
  await dialog.getByTestId("canned-shortcut").fill(`/${shortcut}`)
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/backend/canned/messages/create")),
    dialog.getByTestId("canned-dialog-save").click(),
  ])
  expect(created.status()).toBe(200)
  await expect(page.getByTestId("record-saved").first()).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // Found by its shortcut; edited.
  await page.getByTestId("canned-search").fill(shortcut)
  await page.getByTestId("canned-search").press("Enter")
  const row = page.getByTestId("canned-row")
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`/${shortcut}`)
  await row.getByTestId("canned-row-edit").click()
  await dialog.getByTestId("canned-text").fill("Thank you, we will answer shortly.")
  await dialog.getByTestId("canned-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await expect(row).toContainText("Thank you, we will answer shortly.")

  // A second reply with the same shortcut: the server's 409 on the field, the dialog stays with what was typed.
  await page.getByTestId("canned-new").click()
  await dialog.getByTestId("canned-title").fill(`Duplicate ${stamp}`)
  await dialog.getByTestId("canned-text").fill("Same shortcut")
  await dialog.getByTestId("canned-shortcut").fill(shortcut)
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/backend/canned/messages/create")),
    dialog.getByTestId("canned-dialog-save").click(),
  ])
  expect(refused.status()).toBe(409)
  await expect(dialog).toContainText(`This shortcut is taken: The shortcut /${shortcut} is already used by "Thanks ${stamp}"`)
  await expect(dialog.getByTestId("canned-title")).toHaveValue(`Duplicate ${stamp}`)
  await shot(page, "audience/canned-duplicate-en")
  await dialog.getByTestId("canned-dialog-cancel").click()
  await expect(row).toHaveCount(1)

  // Deleted after confirming.
  await row.getByTestId("canned-row-delete").click()
  await expect(page.getByTestId("record-confirm-delete")).toContainText(`Thanks ${stamp}`)
  await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
  await expect(page.getByTestId("canned-table").getByTestId("canned-row")).toHaveCount(0)

  await page.getByTestId("canned-search-clear").click()
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الرسائل الجاهزة")
  await page.getByTestId("canned-new").click()
  await shot(page, "audience/canned-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
