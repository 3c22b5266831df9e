/**
 * Check Number and Clear Number in Chromium: a customer who wrote İPTAL shows as opted out, a number the simulated
 * channel does not know as not on WhatsApp; a pasted list with an entry that is not a number is stopped before any
 * call; Clear takes the customer off the list and Check says so. Arabic, right to left.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"
import { customerWrites, freshNumber } from "../chat/chat-inbox-helpers"

test("Check and clear numbers: an opted-out customer found, cleared, and checked again; Arabic", async ({ page }) => {
  const optedOut = freshNumber()
  await customerWrites(page, optedOut, "İPTAL")
  const unknown = "+905550000000"
  await loginTo(page, "admin", "/apps/check-number")
  await expect(page.getByTestId("page-title")).toHaveText("Check Number")
  const input = page.getByTestId("check-number-input")
  await input.fill(`+${optedOut}\ncall me later`)
  await page.getByTestId("check-number-run").click()
  await expect(page.getByTestId("check-number-problem")).toHaveText("These are not numbers in international form: call me later")
  await expect(page.getByTestId("check-number-result")).toHaveCount(0)
  await input.fill(`+${optedOut}\n${unknown}`)
  await page.getByTestId("check-number-run").click()
  const rows = page.getByTestId("check-number-row")
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toHaveAttribute("data-opted-out", "true")
  await expect(rows.nth(0)).toHaveAttribute("data-on-whatsapp", "true")
  await expect(rows.nth(1)).toHaveAttribute("data-on-whatsapp", "false")
  await expect(rows.nth(1)).toHaveAttribute("data-opted-out", "false")
  await shot(page, "templates/check-number-en")

  await page.goto(`${baseUrl()}/apps/clear-number`)
  await expect(page.getByTestId("page-title")).toHaveText("Clear Number")
  await page.getByTestId("clear-number-input").fill(`+${optedOut}, ${unknown}`)
  await page.getByTestId("clear-number-run").click()
  await expect(page.getByTestId("clear-number-cleared")).toHaveText(`+${optedOut}`)
  await expect(page.getByTestId("clear-number-not-listed")).toHaveText(unknown)
  await shot(page, "templates/clear-number-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/apps/check-number`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("التحقق من الرقم")
  await page.getByTestId("check-number-input").fill(`+${optedOut}`)
  await page.getByTestId("check-number-run").click()
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toHaveAttribute("data-opted-out", "false")
  await shot(page, "templates/check-number-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
