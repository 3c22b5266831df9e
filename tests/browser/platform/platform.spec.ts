/**
 * The super admin's platform console in Chromium against the seeded server: the super admin lands on the platform
 * dashboard, whose figures are the platform overview's (checked against the API), in English, Turkish and Arabic
 * (mirrored); then opens the company sub-page Agents, which asks for a business instead of showing the platform's
 * empty one, picks Acme Retail with the keyboard and sees its agents; the SMS providers page's account form picks its
 * business the same way.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

const get = async (page: Page, path: string, token: string) => {
  const response = await page.request.get(`${baseUrl()}/api${path}`, { headers: { "user-token": token } })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return (await response.json()) as { data: any }
}

const inLanguage = async (page: Page, language: "en" | "tr" | "ar") => {
  await page.evaluate((lang) => localStorage.setItem("i18nextLng", lang), language)
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("lang", language)
}

test("the super admin lands on the platform dashboard and picks a business for a per-business screen", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // The page's own session's token: another login would end it.
  const { user_token: token } = (await login(page, "superadmin")) as Awaited<ReturnType<typeof login>> & { user_token: string }
  await expect(page).toHaveURL(/\/platform$/)
  await expect(page.getByTestId("platform-page")).toBeVisible()
  await expect(page.getByTestId("platform-activity-row").first()).toBeVisible()

  const overview = (await get(page, "/platform/overview", token)).data
  expect(overview.businesses.total).toBeGreaterThan(0)
  await expect(page.getByTestId("box-platform-total-value")).toHaveText(String(overview.businesses.total))
  await expect(page.getByTestId("box-platform-active-value")).toHaveText(String(overview.businesses.active))
  const busiest = overview.most_active[0]
  const row = page.locator(`[data-testid=platform-activity-row][data-client-id="${busiest.client_id}"]`)
  await expect(row).toContainText(busiest.name)
  await expect(row.locator("td").nth(1)).toHaveText(new Intl.NumberFormat("en").format(busiest.messages))
  await expect(page.getByTestId("platform-health-database")).toContainText("Answering")
  await expect(page.getByTestId("platform-registrations-link")).toHaveAttribute("href", "/apps/company-forms")
  // The sidebar leads back here; a tenant admin holds no such item.
  await expect(page.locator('[data-testid=nav-item][data-path="/platform"]')).toBeVisible()
  await shot(page, "platform-dashboard-en")
  await inLanguage(page, "tr")
  await expect(page.getByTestId("page-title")).toHaveText("Platform")
  await expect(page.getByTestId("platform-health-database")).toContainText("Yanıt veriyor")
  await shot(page, "platform-dashboard-tr")
  await inLanguage(page, "ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("المنصة")
  await shot(page, "platform-dashboard-ar")
  await inLanguage(page, "en")

  // A per-business screen: nothing is asked for the platform's own (agentless) business until one is picked.
  await page.goto(`${baseUrl()}/apps/company-details/Agents`)
  await expect(page.getByTestId("company-agents-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("company-agent-row")).toHaveCount(0)
  const input = page.getByTestId("business-picker-input")
  await expect(input).toBeEnabled()
  await input.click()
  await input.fill("acme")
  await expect(page.getByTestId("business-picker-option")).toHaveCount(1)
  await input.fill("zz-no-such")
  await expect(page.getByTestId("business-picker-list")).toContainText("No business matches")
  await input.fill("retail")
  await input.press("ArrowDown")
  await input.press("ArrowUp")
  await expect(input).toHaveAttribute("aria-activedescendant", /business-picker-\d+/)
  await input.press("Enter")
  await expect(input).toHaveValue("Acme Retail")
  const acme = (await get(page, "/backend/fetch/clients", token)).data.find((c: { name: string }) => c.name === "Acme Retail")
  const agents = (await get(page, `/client/agents/${acme.id}`, token)).data as { username: string }[]
  expect(agents.length).toBeGreaterThan(0)
  await expect(page.getByTestId("company-agent-row")).not.toHaveCount(0)
  await expect(page.locator(`[data-testid=company-agent-row][data-username="${agents[0].username}"]`)).toBeVisible()
  await shot(page, "platform-picker-agents-en")
  // Where sender names are approved (the dashboard's link), a new SMS account's business is picked the same way.
  await page.goto(`${baseUrl()}/apps/company-details/sms-provider`)
  const accountPicker = page.getByTestId("sms-account-form").getByTestId("business-picker-input")
  await expect(accountPicker).toBeEnabled()
  await accountPicker.fill("globex")
  await accountPicker.press("Enter")
  await expect(accountPicker).toHaveValue("Globex Foods")
  await shot(page, "platform-picker-sms-en")
  await page.goto(`${baseUrl()}/apps/company-details/Agents`)
  await inLanguage(page, "ar")
  await page.getByTestId("business-picker-input").click()
  await shot(page, "platform-picker-agents-ar")
  await inLanguage(page, "en")
})
