/**
 * The super admin's billing forms in Chromium: a top-up refused in words when the amount is not one, then made, seen
 * with its running balance on the tenant admin's own billing screen (another browser) and in /get/client/balance; a
 * credit allowance granted; English and Arabic.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login, loginTo, shot } from "../helpers"

const usd = (value: number) => new Intl.NumberFormat("en", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(value)

test("Billing: the super admin tops up a business and grants credit; the tenant sees it on its billing screen", async ({
  page,
  browser,
}) => {
  await loginTo(page, "superadmin", "/apps/billing")
  await expect(page.getByTestId("page-title")).toHaveText("Billing")
  const picker = page.getByTestId("business-picker-input")
  await picker.fill("Acme Retail")
  await picker.press("Enter")
  await expect(picker).toHaveValue("Acme Retail")
  await expect(page.getByTestId("billing-balance-value")).toBeVisible()
  const before = Number(((await page.getByTestId("billing-balance-value").textContent()) ?? "").replace(/[^0-9.-]/g, ""))

  await page.getByTestId("topup-amount").fill("12.345")
  await page.getByTestId("topup-save").click()
  await expect(page.getByTestId("topup-problem")).toContainText("at most two decimals")

  const reason = `Invoice ${Date.now().toString(36)}`
  await page.getByTestId("topup-amount").fill("123456.50")
  await page.getByTestId("topup-reason").fill(reason)
  await page.getByTestId("topup-ref").fill("INV-77")
  await page.getByTestId("topup-save").click()
  await expect(page.getByTestId("billing-admin-done")).toHaveText(`${usd(123456.5)} was added to the balance.`)
  const after = Math.round((before + 123456.5) * 100) / 100
  await expect(page.getByTestId("billing-balance-value")).toHaveText(usd(after))
  await expect(page.getByTestId("ledger-row").first()).toContainText(reason)

  await page.getByTestId("credit-limit").fill("-5")
  await page.getByTestId("credit-save").click()
  await expect(page.getByTestId("billing-admin")).toContainText("Enter an allowance of 0 or more")
  await page.getByTestId("credit-limit").fill("250")
  await page.getByTestId("credit-save").click()
  await expect(page.getByTestId("billing-credit")).toHaveText(`Credit allowed down to -${usd(250)}`)
  await shot(page, "billing/admin-en")

  // The tenant's admin, in their own browser: the same entry and balance, and the balance call agrees.
  const tenant = await browser.newContext()
  const other = await tenant.newPage()
  const body = (await login(other, "admin")) as unknown as { user_token: string }
  await other.goto(`${baseUrl()}/apps/billing`)
  const row = other.getByTestId("ledger-row").filter({ hasText: reason })
  await expect(row).toContainText(usd(123456.5))
  await expect(row).toContainText("superadmin")
  await expect(row).toContainText("INV-77")
  await expect(other.getByTestId("billing-balance-value")).toHaveText(usd(after))
  await expect(other.getByTestId("billing-credit")).toHaveText(`Credit allowed down to -${usd(250)}`)
  const balance = await other.request.post(`${baseUrl()}/api/get/client/balance`, { headers: { "user-token": body.user_token }, data: {} })
  expect((await balance.json()).data.balance).toBe(after)
  await tenant.close()

  // Put the allowance back so other specs see the seeded account.
  await page.getByTestId("credit-limit").fill("0")
  await page.getByTestId("credit-save").click()
  await expect(page.getByTestId("billing-credit")).toHaveText("The balance cannot go below zero.")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("topup-save")).toHaveText("إضافة إلى الرصيد")
  await shot(page, "billing/admin-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
