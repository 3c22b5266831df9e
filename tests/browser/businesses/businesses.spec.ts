/**
 * Businesses in Chromium against the seeded server: a business registers from the login page with a document, the
 * super admin reviews and approves it, and its admin signs in; a switched-off business's user is logged out live;
 * the public pages; English and Arabic.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test"
import { baseUrl, login, loginTo, shot } from "../helpers"

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")

/** Searches a business list and waits for the answer, so the row clicked next is from it. */
const searchFor = async (page: Page, testId: string, text: string) => {
  await page.getByTestId(testId).fill(text)
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/backend/fetch/clients-pagination") && r.request().postData()?.includes(text) === true),
    page.getByTestId(testId).press("Enter"),
  ])
}

const api = async (request: APIRequestContext, method: "GET" | "POST", path: string, body?: unknown, token?: string) => {
  const response = await request.fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: token ? { "user-token": token } : {},
    ...(body === undefined ? {} : { data: body }),
  })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200)
  return (await response.json()) as { data: any; user_token?: string }
}

test("a business registers with a document, the super admin approves it, and its admin signs in", async ({ page, browser }) => {
  const tag = Date.now().toString(36)
  const username = `owner.${tag}`
  const name = `Bakery ${tag}`
  await page.goto(`${baseUrl()}/login`)
  await page.getByTestId("login-register-link").click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByTestId("page-title")).toHaveText("Register your business")
  await page.getByTestId("reg-business_name").fill(name)
  await page.getByTestId("reg-email").fill(`${tag}@bakery.example`)
  await page.getByTestId("reg-phone").fill("+90 555 123 45 67")
  await page.getByTestId("reg-country").selectOption({ label: "Turkey" })
  await page.getByTestId("reg-admin_username").fill(username)
  await page.getByTestId("reg-password").fill("strong-pass-1")
  // Without a document the form says so before any call.
  await page.getByTestId("registration-submit").click()
  await expect(page.getByTestId("registration-problem")).toHaveText("Upload at least one document.")
  // A file of another type is refused on the spot.
  await page.getByTestId("reg-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") })
  await expect(page.getByTestId("registration-problem")).toHaveText("Only PDF, PNG or JPEG files can be uploaded.")
  await page.getByTestId("reg-file").setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: PDF })
  await expect(page.getByTestId("reg-document")).toHaveText(/Trade licence: licence\.pdf/)
  await shot(page, "businesses/register-en")
  await page.getByTestId("registration-submit").click()
  await expect(page.getByTestId("registration-done")).toContainText(`${name} is registered and waits for review`)

  // The super admin, in another browser, finds it among the registrations, reads the document and approves it.
  const admin = await browser.newContext()
  const review = await admin.newPage()
  await loginTo(review, "superadmin", "/apps/company-forms")
  await expect(review.getByTestId("page-title")).toHaveText("Registrations")
  await searchFor(review, "registrations-search", tag)
  await review.getByTestId("registration-row").filter({ hasText: name }).click()
  const panel = review.getByTestId("business-panel")
  await expect(panel.getByTestId("business-document")).toContainText("licence.pdf")
  await expect(panel.getByTestId("business-onboarding")).toHaveText("Submitted")
  await panel.getByTestId("business-action-in_review").click()
  await panel.getByTestId("business-confirm-yes").click()
  await expect(panel.getByTestId("business-onboarding")).toHaveText("In review")
  await panel.getByTestId("business-action-approved").click()
  await expect(panel.getByTestId("business-confirm")).toContainText(`Approve ${name}?`)
  await panel.getByTestId("business-confirm-yes").click()
  await expect(panel.getByTestId("business-onboarding")).toHaveText("Approved")
  await expect(panel.getByTestId("business-state")).toHaveText("Active")
  await expect(panel.getByTestId("business-agent")).toContainText(username)
  await shot(review, "businesses/approved-en")
  await admin.close()

  // Its admin signs in with the password chosen at registration.
  const owner = await browser.newContext()
  const ownerPage = await owner.newPage()
  await login(ownerPage, username, "strong-pass-1")
  await expect(ownerPage).not.toHaveURL(/\/login$/)
  await owner.close()
})

test("a switched-off business's user is logged out live, and the drawer says what deleting keeps", async ({ page, browser, request }) => {
  const tag = Date.now().toString(36)
  const username = `live.${tag}`
  const name = `Florist ${tag}`
  const countries = await api(request, "GET", "/fetch/countries")
  const registered = await api(request, "POST", "/register", {
    business_name: name,
    email: `${tag}@florist.example`,
    phone: "+905551112233",
    country_id: countries.data[0].id,
    admin_username: username,
    password: "strong-pass-1",
  })
  const superToken = (await api(request, "POST", "/auth/user", { username: "superadmin", password: "demo1234" })).user_token
  for (const to of ["in_review", "approved"])
    await api(request, "POST", "/backend/registration/review", { client_id: registered.data.id, to }, superToken)

  // The business's admin works in their own browser.
  const ownerContext = await browser.newContext()
  const owner = await ownerContext.newPage()
  await login(owner, username, "strong-pass-1")
  await expect(owner).not.toHaveURL(/\/login$/)

  await loginTo(page, "superadmin", "/apps/company-profile")
  await expect(page.getByTestId("page-title")).toHaveText("Businesses")
  await searchFor(page, "businesses-search", tag)
  await page.getByTestId("business-row").filter({ hasText: name }).click()
  const panel = page.getByTestId("business-panel")
  await expect(panel.getByTestId("business-figure-agents")).toHaveText("1")
  await panel.getByTestId("business-action-delete").click()
  await expect(panel.getByTestId("business-confirm")).toContainText("Its data is kept for 30 days, then removed for good.")
  await panel.getByTestId("business-confirm-no").click()
  await panel.getByTestId("business-action-disable").click()
  await expect(panel.getByTestId("business-confirm")).toContainText("signed out at once")
  await panel.getByTestId("business-confirm-yes").click()
  await expect(panel.getByTestId("business-state")).toHaveText("Off")

  // Without touching anything, the business's admin is back at the login page.
  await expect(owner).toHaveURL(/\/login$/, { timeout: 15_000 })
  await ownerContext.close()

  // Arabic: the list and the drawer mirror.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الشركات")
  await searchFor(page, "businesses-search", tag)
  await page.getByTestId("business-row").filter({ hasText: name }).click()
  await expect(page.getByTestId("business-state")).toHaveText("موقوفة")
  await shot(page, "businesses/detail-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("the public pages and the registration form in Arabic", async ({ page }) => {
  await page.goto(`${baseUrl()}/privacy-policy`)
  await expect(page.getByTestId("page-title")).toHaveText("Privacy policy")
  await expect(page.getByTestId("privacy-page")).toContainText("A deleted business is kept for 30 days")
  await shot(page, "businesses/privacy-en")
  await page.goto(`${baseUrl()}/btw`)
  await expect(page.getByTestId("btw-page")).toContainText("shown without BTW (VAT)")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/register`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("سجّل شركتك")
  await page.getByTestId("registration-submit").click()
  await expect(page.getByTestId("registration-problem")).toHaveText("أدخل اسم الشركة.")
  await shot(page, "businesses/register-ar")
  await page.goto(`${baseUrl()}/privacy-policy`)
  await expect(page.getByTestId("page-title")).toHaveText("سياسة الخصوصية")
  await shot(page, "businesses/privacy-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("a business's admin configures its webhook on the company page; Arabic", async ({ page }) => {
  await loginTo(page, "admin2", "/apps/company-details/configure-web-hook")
  await expect(page.getByTestId("page-title")).toHaveText("Configure web hook")
  await page.getByTestId("company-webhook-url").fill("https://hooks.globex.example/events")
  await page.getByTestId("company-webhook-token").fill("short")
  await page.getByTestId("company-webhook-save").click()
  await expect(page.getByTestId("company-webhook-problem")).toHaveText("The verify token needs 8 to 200 characters.")
  await page.getByTestId("company-webhook-token").fill("globex-verify-1")
  await page.getByTestId("company-webhook-save").click()
  await expect(page.getByTestId("company-webhook-current")).toContainText("Now sending to https://hooks.globex.example/events")
  await expect(page.getByTestId("company-webhook-current")).toContainText("gl…fy-1")
  await shot(page, "businesses/webhook-en")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("ضبط خطاف الويب")
  await expect(page.getByTestId("company-webhook-current")).toContainText("https://hooks.globex.example/events")
  await shot(page, "businesses/webhook-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
