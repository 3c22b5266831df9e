/** The dashboard as a person sees it: English and Arabic, light and dark, a bad range, a failed card with Retry. */
import { expect, test } from "@playwright/test"
import { typeRange } from "../reports/reports.testing"
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

  test("refuses a range longer than a year with a clear message and reads nothing", async ({ page }) => {
    await login(page, "admin")
    await openDashboard(page)
    const reads: string[] = []
    page.on("request", (r) => {
      if (r.url().includes("/api/") && r.method() === "POST") reads.push(r.url())
    })
    await typeRange(page, "dash-range", "01-01-2016", "01-01-2026")
    await expect(page.getByTestId("dash-range-problem")).toHaveText("Choose at most 366 days.")
    expect(reads).toEqual([])
    await shot(page, "dashboard-bad-range")
    // A good range again: the message goes and the figures are read for it.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/info/boxes")),
      typeRange(page, "dash-range", "01-01-2026", "31-01-2026"),
    ])
    expect(request.postDataJSON()).toEqual({ start_date: "2026-01-01", end_date: "2026-01-31" })
    await expect(page.getByTestId("dash-range-problem")).toHaveCount(0)
  })
})
