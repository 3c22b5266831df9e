/**
 * Monthly active users in Chromium against the seeded server: the tenant's months as a table and chart, the figure
 * matching the server's, a range refused in words, the report mailed (it lands in the development outbox); the super
 * admin's company sub-page across businesses; English and Arabic.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, devHeaders, login, loginTo, shot } from "../helpers"

test("MAU: months per channel as table and chart, a bad range refused, the report mailed; Arabic", async ({ page, request }) => {
  const body = await login(page, "admin")
  const token = (body as unknown as { user_token: string }).user_token
  const server = (await (await request.get(`${baseUrl()}/api/messages/mau`, { headers: { "user-token": token } })).json()).data
  await page.goto(`${baseUrl()}/apps/sessions-mau`)
  await expect(page.getByTestId("page-title")).toHaveText("Monthly active users")
  await expect(page.getByTestId("mau-row")).toHaveCount(6)
  const thisMonth = page.locator(`[data-testid=mau-row][data-month="${server.month}"]`)
  await expect(thisMonth.getByTestId("mau-total")).toHaveText(new Intl.NumberFormat("en").format(server.users))
  await expect(page.locator("[data-testid=mau-chart] canvas, [data-testid=mau-chart-empty]").first()).toBeVisible()
  await shot(page, "mau/tenant-en")

  // The end before the start: said in words, nothing read.
  await page.getByTestId("mau-to-year").selectOption(String(Number(server.month.slice(0, 4)) - 2))
  await expect(page.getByTestId("mau-problem")).toContainText("The range ends before it starts")
  await page.getByTestId("mau-to-year").selectOption(server.month.slice(0, 4))
  await expect(page.getByTestId("mau-problem")).toHaveCount(0)

  await page.getByTestId("mau-mail-email").fill("owner@acme")
  await page.getByTestId("mau-mail-send").click()
  await expect(page.getByTestId("mau-mail-problem")).toContainText("Enter an e-mail address")
  const to = `mau-${Date.now().toString(36)}@acme.example`
  await page.getByTestId("mau-mail-email").fill(to)
  await page.getByTestId("mau-mail-send").click()
  await expect(page.getByTestId("mau-mail-sent")).toContainText(`was sent to ${to}`)
  const outbox = (await (await request.get(`${baseUrl()}/dev/outbox`, { headers: devHeaders() })).json()).data.items as {
    to: string
    subject: string
  }[]
  expect(outbox.find((m) => m.to === to)?.subject).toBe(`Monthly active users, ${server.month}`)

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("المستخدمون النشطون شهريًا")
  await expect(page.getByTestId("mau-row")).toHaveCount(6)
  await shot(page, "mau/tenant-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("MAU: the super admin's company sub-page shows every business, narrowed to one on demand", async ({ page }) => {
  await loginTo(page, "superadmin", "/apps/company-details/mau")
  await expect(page.getByTestId("page-title")).toHaveText("Monthly active users")
  const businesses = page.getByTestId("mau-business-row")
  await expect(businesses.filter({ hasText: "Acme Retail" })).toHaveCount(1)
  await expect(businesses.filter({ hasText: "Globex Foods" })).toHaveCount(1)
  await expect(businesses.filter({ hasText: "Platform" })).toHaveCount(0)
  await shot(page, "mau/admin-en")
  await page.getByTestId("mau-business").selectOption({ label: "Globex Foods" })
  await expect(page.getByTestId("mau-businesses")).toHaveCount(0)
  await expect(page.getByTestId("mau-row")).toHaveCount(6)
})
