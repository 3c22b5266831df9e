import { expect, test } from "@playwright/test"
import { baseUrl, login } from "../helpers"
test("debug", async ({ page }) => {
  await login(page, "admin")
  await page.goto(`${baseUrl()}/apps/call-history`)
  await expect(page.locator("[data-testid=call-row]").first()).toBeVisible()
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now()
    await page.locator("[data-testid=calls-range] input").first().click()
    await expect(page.locator(".bp6-daterangepicker").first()).toBeVisible()
    console.log("OPEN_MS", Date.now() - t0)
    await page.keyboard.press("Escape")
    await expect(page.locator(".bp6-daterangepicker")).toHaveCount(0)
  }
  await page.locator("[data-testid=calls-range] input").first().click()
  await page.screenshot({ path: ".tmp/screenshots/debug-picker.png" })
})
