/**
 * The business's own company area in Chromium: tenant two's admin opens the landing (only the pages its role opens),
 * edits the profile and contact details and sees them after a reload, lists its agents, and makes a new API key
 * (shown once) then revokes it; English and Arabic.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"

test("edit the company profile and contact, see them after a reload; agents and the API key; Arabic", async ({ page }) => {
  await loginTo(page, "admin2", "/apps/company-details")
  await expect(page.getByTestId("page-title")).toHaveText("Company Details")
  const sections = page.getByTestId("company-section")
  await expect(sections.first()).toBeVisible()
  await expect(page.locator("[data-testid=company-section][data-section=Profile]")).toBeVisible()
  await expect(page.locator("[data-testid=company-section][data-section=Agents]")).toBeVisible()
  await shot(page, "businesses/company-details")

  await page.locator("[data-testid=company-section][data-section=Profile]").click()
  await expect(page).toHaveURL(/\/apps\/company-details\/Profile$/)
  const address = `Sheikh Zayed Rd ${Date.now() % 10_000}, Dubai`
  await expect(page.getByTestId("company-name")).not.toHaveValue("")
  await page.getByTestId("company-save").click()
  await expect(page.getByTestId("company-problem")).toHaveText("Nothing has changed yet.")
  await page.getByTestId("company-website").fill("gardens.example")
  await page.getByTestId("company-save").click()
  await expect(page.getByTestId("company-problem")).toContainText("starting with https://")
  await page.getByTestId("company-website").fill("https://gardens.example")
  await page.getByTestId("company-address").fill(address)
  await page.getByTestId("company-timezone").selectOption("Asia/Dubai")
  await page.getByTestId("company-save").click()
  await expect(page.getByTestId("company-saved")).toHaveText("Saved.")
  await page.reload()
  await expect(page.getByTestId("company-address")).toHaveValue(address)
  await expect(page.getByTestId("company-website")).toHaveValue("https://gardens.example")
  await expect(page.getByTestId("company-timezone")).toHaveValue("Asia/Dubai")
  await shot(page, "businesses/company-profile")

  await page.goto(`${baseUrl()}/apps/company-details/Contact`)
  await page.getByTestId("company-contact_person").fill("Omar Haddad")
  await page.getByTestId("company-save").click()
  await expect(page.getByTestId("company-saved")).toHaveText("Saved.")
  await page.reload()
  await expect(page.getByTestId("company-contact_person")).toHaveValue("Omar Haddad")

  await page.goto(`${baseUrl()}/apps/company-details/Agents`)
  await expect(page.locator("[data-testid=company-agent-row][data-username=admin2]")).toBeVisible()
  await expect(page.locator("[data-testid=company-agent-row][data-username=agent1]")).toHaveCount(0)

  await page.goto(`${baseUrl()}/apps/company-details/custom_api`)
  await expect(page.getByTestId("api-key-state")).toHaveAttribute("data-active", "true")
  await page.getByTestId("api-key-rotate").click()
  await page.locator(".bp6-alert-footer .bp6-button.bp6-intent-primary").click()
  const key = await page.getByTestId("api-key-value").inputValue()
  expect(key).toMatch(/^ak_[0-9a-f]{36}$/)
  expect((await page.request.get(`${baseUrl()}/api/authenticate`, { headers: { "x-api-key": key } })).status()).toBe(200)
  await expect(page.getByTestId("api-key-state")).toContainText(key.slice(-4))
  await shot(page, "businesses/company-api-key")
  await page.getByTestId("api-key-revoke").click()
  await page.locator(".bp6-alert-footer .bp6-button.bp6-intent-danger").click()
  await expect(page.getByTestId("api-key-state")).toHaveAttribute("data-active", "false")
  expect((await page.request.get(`${baseUrl()}/api/authenticate`, { headers: { "x-api-key": key } })).status()).toBe(401)
  await page.getByTestId("api-key-rotate").click()
  await page.locator(".bp6-alert-footer .bp6-button.bp6-intent-primary").click()
  await expect(page.getByTestId("api-key-state")).toHaveAttribute("data-active", "true")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/apps/company-details/Profile`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("company-address")).toHaveValue(address)
  await shot(page, "businesses/company-profile-ar")
  await page.goto(`${baseUrl()}/apps/company-details`)
  await expect(page.getByTestId("page-title")).toHaveText("تفاصيل الشركة")
  await shot(page, "businesses/company-details-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
