/** Session Timeout in Chromium: a bad number of minutes is refused before any call; a saved message is there after a reload; Arabic. */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("Session Timeout: refuse 0 minutes, save 45 with a message, still there after a reload; Arabic mirrors", async ({ page }) => {
  const message = `We closed this chat after 45 minutes (${Date.now().toString(36)}).`
  await loginTo(page, "admin", "/apps/sessionMessage")
  await expect(page.getByTestId("page-title")).toHaveText("Session Timeout")
  await page.getByTestId("session-minutes").fill("0")
  await page.getByTestId("session-save").click()
  await expect(page.getByTestId("session-problem")).toHaveText("Enter whole minutes from 1 to 10080.")

  await page.getByTestId("session-minutes").fill("45")
  await page.getByTestId("session-text").fill(message)
  await page.locator("[data-testid=session-enabled]").check({ force: true })
  const [saved] = await Promise.all([
    page.waitForResponse((r) => /\/api\/session\/message/.test(r.url()) && r.request().method() !== "GET"),
    page.getByTestId("session-save").click(),
  ])
  expect(saved.status()).toBe(200)
  await expect(page.getByTestId("session-saved").first()).toBeVisible()

  await page.reload()
  await expect(page.getByTestId("session-minutes")).toHaveValue("45")
  await expect(page.getByTestId("session-text")).toHaveValue(message)
  await expect(page.locator("[data-testid=session-enabled]")).toBeChecked()

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("مهلة الجلسة")
  await shot(page, "audience/session-timeout-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))

  // Switched on, the idle close acts (tenant-settings): off again, so the other specs' open conversations stay open.
  await page.reload()
  await page.locator("[data-testid=session-enabled]").uncheck({ force: true })
  const [off] = await Promise.all([
    page.waitForResponse((r) => /\/api\/session\/message/.test(r.url()) && r.request().method() !== "GET"),
    page.getByTestId("session-save").click(),
  ])
  expect(off.status()).toBe(200)
  await expect(page.locator("[data-testid=session-enabled]")).not.toBeChecked()
})
