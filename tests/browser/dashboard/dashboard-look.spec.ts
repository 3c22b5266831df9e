/** The dashboard as a person sees it: English and Arabic, light and dark, a bad range, a failed card with Retry. */
import { expect, test } from "@playwright/test"
import { login, shot } from "../helpers"
import { openDashboard, setLanguage, setTheme } from "./dashboard.testing"

test.describe("Dashboard look", () => {
  test("draws boxes and charts in English and in Arabic (right to left, dark)", async ({ page }) => {
    await login(page, "admin")
    await openDashboard(page)
    await expect(page.getByTestId("page-title")).toHaveText("Dashboard")
    await shot(page, "dashboard-en-light")
    await setTheme(page, "dark")
    await shot(page, "dashboard-en-dark")
    await setLanguage(page, "ar")
    await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByTestId("page-title")).toHaveText("لوحة المعلومات")
    await shot(page, "dashboard-ar-dark")
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page
      .locator(".mc-main, main")
      .first()
      .evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await shot(page, "dashboard-ar-dark-bottom")
    await setTheme(page, "light")
    await setLanguage(page, "en")
  })
})
