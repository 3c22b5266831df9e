import { test, expect } from "@playwright/test"
const url = () => process.env.CONSOLE_URL!
test("smoke", async ({ page }) => {
  page.on("console", (m) => console.log("console:", m.type(), m.text()))
  page.on("pageerror", (e) => console.log("pageerror:", e.message))
  await page.goto(`${url()}/login`)
  await page.screenshot({ path: ".tmp/screenshots/smoke-login.png" })
  await page.fill("#login-username", "agent1")
  await page.fill("#login-password", "demo1234")
  await page.click("[data-testid=login-submit]")
  await page.waitForTimeout(2000)
  await page.screenshot({ path: ".tmp/screenshots/smoke-after.png" })
  console.log(page.url())
})
