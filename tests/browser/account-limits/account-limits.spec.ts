/** Account limits in Chromium against the seeded server: the tenant's usage bars follow what the super admin sets (by call and in the super admin's form); big numbers grouped; Arabic. */
import { expect, test } from "@playwright/test"
import { baseUrl, login, loginTo, shot } from "../helpers"

test("Account limits: usage of each limit, a new limit set by the super admin shows after Refresh; Arabic", async ({ page, request }) => {
  await loginTo(page, "admin", "/apps/account-limits")
  await expect(page.getByTestId("page-title")).toHaveText("Account limits")
  await expect(page.getByTestId("usage-agents").getByTestId("usage-text")).toHaveText(/^\d+ of 25$/)
  await expect(page.getByTestId("usage-monthly_messages").getByTestId("usage-text")).toHaveText(/^\d+ of 100,000$/)
  await expect(page.getByTestId("usage-channels").getByTestId("usage-text")).toHaveText("No limit")

  const root = await (await request.post(`${baseUrl()}/api/auth/user`, { data: { username: "superadmin", password: "demo1234" } })).json()
  const set = await request.post(`${baseUrl()}/api/account/limits`, {
    headers: { "user-token": root.user_token },
    data: { client_id: 1, key: "campaign_size", limit: 5000 },
  })
  expect(set.status()).toBe(200)
  await page.getByRole("button", { name: "Refresh" }).click()
  await expect(page.getByTestId("usage-campaign_size").getByTestId("usage-text")).toHaveText("0 of 5,000")
  await shot(page, "account-limits/usage-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("حدود الحساب")
  await expect(page.getByTestId("usage-channels").getByTestId("usage-text")).toHaveText("بلا حد")
  await shot(page, "account-limits/usage-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("Account limits: the super admin's form refuses what is not a whole number and sets grouped figures", async ({ page }) => {
  await login(page, "superadmin")
  await page.goto(`${baseUrl()}/apps/account-limits`)
  await expect(page.getByTestId("page-title")).toHaveText("Account limits")
  const picker = page.getByTestId("business-picker-input")
  await picker.fill("Globex Foods")
  await picker.press("Enter")
  await expect(picker).toHaveValue("Globex Foods")
  await expect(page.getByTestId("usage-agents").getByTestId("usage-text")).toHaveText(/ of 5$/)

  await page.getByTestId("limit-input-channels").fill("a few")
  await page.getByTestId("limit-input-daily_messages").fill("12,500")
  await page.getByTestId("limits-admin-save").click()
  await expect(page.getByTestId("limit-invalid-channels")).toContainText("Enter a whole number")
  await expect(page.getByTestId("limits-admin-saved")).toHaveCount(0)
  await page.getByTestId("limit-input-channels").fill("3")
  await page.getByTestId("limits-admin-save").click()
  await expect(page.getByTestId("limits-admin-saved")).toHaveText("The limits are saved.")
  await expect(page.getByTestId("usage-daily_messages").getByTestId("usage-text")).toHaveText(/^[\d,]+ of 12,500$/)
  await expect(page.getByTestId("limit-input-daily_messages")).toHaveValue("12,500")
  await expect(page.getByTestId("usage-channels").getByTestId("usage-text")).toHaveText(/ of 3/)
  await shot(page, "account-limits/admin-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("limits-admin-save")).toHaveText("حفظ الحدود")
  await shot(page, "account-limits/admin-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
