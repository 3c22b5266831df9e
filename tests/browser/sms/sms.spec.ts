/**
 * SMS in Chromium against the seeded server and its simulator SMSC (real SMPP): a super admin's gateway and an account
 * for tenant one (set up over the API), the tenant admin asks for a sender name on the SMS providers page, the super
 * admin approves it there; then the admin writes an Arabic message on Send SMS (UCS-2, two parts, its cost), sends it
 * and sees it delivered in the SMS report. Arabic mirrors the screens.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, login, loginTo, shot } from "../helpers"

const api = async (page: Page, path: string, body: unknown, token: string) => {
  const response = await page.request.post(`${baseUrl()}/api${path}`, { data: body, headers: { "user-token": token } })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

const tokenOf = async (page: Page, username: string) => {
  const response = await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username, password: "demo1234" } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user_token: string }).user_token
}

/** Logs out through the user menu, then in as `username`. */
const switchTo = async (page: Page, username: string) => {
  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)
  await login(page, username)
}

test("SMS: ask for a sender name, get it approved, send an Arabic SMS and see it delivered in the report", async ({ page }) => {
  const smsc = (await (await page.request.get(`${baseUrl()}/dev/sms/smsc`, { headers: devHeaders() })).json()) as {
    data: { port: number }
  }
  await page.request.post(`${baseUrl()}/dev/sms/smsc`, { headers: devHeaders(), data: { reset: true, receiptDelayMs: 300 } })
  const mask = `AR${Date.now().toString(36).slice(-6).toUpperCase()}`
  const number = `+9055${String(Date.now()).slice(-8)}`
  const superToken = await tokenOf(page, "superadmin")
  const gateway = await api(
    page,
    "/sms/provider/add",
    {
      name: `Simulator SMSC ${mask}`,
      kind: "smpp",
      host: "127.0.0.1",
      port: smsc.data.port,
      system_id: "console",
      secret: "pw",
      rate: 0.05,
    },
    superToken,
  )
  await api(page, "/sms/client/add", { client_id: 1, provider_id: gateway.id, username: `acct-${mask}` }, superToken)

  // The tenant admin asks for the sender name on the company's SMS providers page.
  await loginTo(page, "admin", "/apps/company-details/sms-provider")
  await expect(page.getByTestId("page-title")).toHaveText("SMS providers")
  await expect(page.getByTestId("sms-gateways")).toHaveCount(0)
  const account = page.getByTestId("sms-mask-account")
  await account.selectOption((await account.locator("option", { hasText: `acct-${mask}` }).getAttribute("value")) ?? "")
  await page.getByTestId("sms-mask-mask").fill(mask)
  await page.getByTestId("sms-mask-submit").click()
  const asked = page.getByTestId("sms-mask-row").filter({ hasText: mask })
  await expect(asked).toHaveAttribute("data-status", "pending")
  await expect(asked).toContainText("Waiting for approval")

  // Not approved yet: the send screen does not offer it.
  await page.goto(`${baseUrl()}/sms/send`)
  await expect(page.getByTestId("page-title")).toHaveText("Send SMS")
  await expect(page.locator("[data-testid=sms-mask] option", { hasText: mask })).toHaveCount(0)

  // The super admin approves it on the same page.
  await switchTo(page, "superadmin")
  await page.goto(`${baseUrl()}/apps/company-details/sms-provider`)
  await expect(page.getByTestId("sms-gateways")).toBeVisible()
  const pending = page.getByTestId("sms-mask-row").filter({ hasText: mask })
  await shot(page, "sms/providers-en")
  await pending.getByTestId("sms-mask-approve").click()
  await expect(pending).toHaveAttribute("data-status", "approved")

  // The admin sends an Arabic message: UCS-2, two parts, the cost shown before sending.
  await switchTo(page, "admin")
  await page.goto(`${baseUrl()}/sms/send`)
  await page.getByTestId("sms-mask").selectOption({ label: mask })
  await expect(page.getByTestId("sms-problem")).toHaveText("Write the message.")
  const text = "مرحبا، طلبك جاهز للاستلام من المتجر. شكرا لتسوقك معنا، ونتمنى لك يوما سعيدا وممتعا جدا"
  await page.getByTestId("sms-text").fill(text)
  await expect(page.getByTestId("sms-encoding")).toHaveText("UCS-2")
  await expect(page.getByTestId("sms-parts")).toHaveText("2")
  await expect(page.getByTestId("sms-problem")).toHaveText("Add numbers, or choose a contact group or a segment.")
  await page.getByTestId("sms-numbers").fill("12ab")
  await expect(page.getByTestId("sms-problem")).toHaveText("Not a phone number: 12ab")
  await expect(page.getByTestId("sms-send")).toBeDisabled()
  await page.getByTestId("sms-numbers").fill(number)
  await expect(page.getByTestId("sms-cost")).toHaveText("0.1000")
  await expect(page.getByTestId("sms-problem")).toHaveCount(0)
  await shot(page, "sms/send-en")
  await page.getByTestId("sms-send").click()
  await expect(page.getByTestId("sms-progress")).toHaveAttribute("data-done", "true", { timeout: 20_000 })
  await expect(page.getByTestId("sms-progress-delivered")).toContainText("1")
  await shot(page, "sms/progress-en")

  // The report shows it delivered, filtered by the number.
  await page.goto(`${baseUrl()}/sms-report`)
  await expect(page.getByTestId("page-title")).toHaveText("SMS Report")
  await page.getByTestId("sms-report-number").fill(number)
  await page.getByTestId("sms-report-filters-apply").click()
  const row = page.getByTestId("sms-row")
  await expect(row).toHaveCount(1)
  await expect(row).toHaveAttribute("data-status", "delivered")
  await expect(row.locator("[data-col=status]")).toHaveText("Delivered")
  await expect(row.locator("[data-col=mask]")).toHaveText(mask)
  await expect(row.locator("[data-col=parts]")).toHaveText("2")
  await shot(page, "sms/report-en")

  // Arabic: the same screens right to left.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("تقرير الرسائل القصيرة")
  await shot(page, "sms/report-ar")
  await page.goto(`${baseUrl()}/sms/send`)
  await expect(page.getByTestId("page-title")).toHaveText("إرسال رسالة قصيرة")
  await page.getByTestId("sms-text").fill(text)
  await shot(page, "sms/send-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
