/**
 * The report actors live with the page, so filters survive navigation, but belong to one login: logging out resets
 * them. Proven in one page (no reload in between, which would reset everything anyway): filters and page size set,
 * kept across navigation, log out, log in again in the same page, and Call History is back to today, All and 10.
 */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

const isExport = (body: { limit?: number } | null) => body?.limit === 999_999

test("Call History filters survive navigation, and are back to their defaults after log out and log in", async ({ page }) => {
  await loginTo(page, "admin", "/apps/call-history")
  await expect(page.locator("[data-testid=call-row]").first()).toBeVisible()
  await page.selectOption("[data-testid=calls-type]", "incoming")
  await page.getByTestId("calls-apply").click()
  await page.selectOption("[data-testid=page-size]", "5")
  await expect(page.locator("[data-testid=call-row]")).toHaveCount(5)
  // A marker on window: if it is still there at the end, no reload happened between the two logins.
  await page.evaluate(() => ((globalThis as { __samePage?: boolean }).__samePage = true))

  // Navigation inside the console keeps the filters (the actor outlives the screen).
  await page.locator("[data-testid=nav-item][data-path='/apps/otp-logs']").click()
  await expect(page).toHaveURL(/\/apps\/otp-logs$/)
  await page.locator("[data-testid=nav-item][data-path='/apps/call-history']").click()
  await expect(page.locator("[data-testid=calls-type]")).toHaveValue("incoming")
  await expect(page.getByTestId("page-size")).toHaveValue("5")

  // Log out from another screen: logging in again may return to the last route, and Call History must mount anew.
  await page.locator("[data-testid=nav-item][data-path='/apps/otp-logs']").click()
  await expect(page).toHaveURL(/\/apps\/otp-logs$/)
  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)
  await page.fill("#login-username", "admin")
  await page.fill("#login-password", "demo1234")
  await page.click("[data-testid=login-submit]")
  await page.waitForURL((url) => url.pathname !== "/login")
  const today = new Date().toISOString().slice(0, 10)
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/calls/list") && !isExport(r.postDataJSON())),
    page.locator("[data-testid=nav-item][data-path='/apps/call-history']").click(),
  ])
  expect(request.postDataJSON()).toEqual({ start_date: today, end_date: today, limit: 10, page: 1 })
  await expect(page.locator("[data-testid=calls-type]")).toHaveValue("all")
  await expect(page.getByTestId("page-size")).toHaveValue("10")
  expect(await page.evaluate(() => (globalThis as { __samePage?: boolean }).__samePage)).toBe(true)
  await shot(page, "h5/reports-after-relogin")
})
