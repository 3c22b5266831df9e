/** Billing in Chromium against the seeded server: a super admin's top-up shows in the tenant's balance and ledger; Arabic. */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"

test("Billing: a top-up by the super admin appears with its running balance; Arabic", async ({ page, request }) => {
  const root = await (await request.post(`${baseUrl()}/api/auth/user`, { data: { username: "superadmin", password: "demo1234" } })).json()
  const reason = `Invoice ${Date.now().toString(36)}`
  const topUp = await request.post(`${baseUrl()}/api/billing/topup`, {
    headers: { "user-token": root.user_token },
    data: { client_id: 1, amount: 25.5, reason, ref: "INV-1" },
  })
  expect(topUp.status()).toBe(200)
  const entry = (await topUp.json()).data

  await loginTo(page, "admin", "/apps/billing")
  await expect(page.getByTestId("page-title")).toHaveText("Billing")
  const row = page.getByTestId("ledger-row").filter({ hasText: reason })
  // The note keeps its own reading order (isolated) after the kind of entry.
  await expect(row).toContainText(`Top-up: \u2068${reason}\u2069`)
  await expect(row).toContainText("$25.50")
  await expect(row).toContainText("superadmin")
  const after = new Intl.NumberFormat("en", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(entry.balance_after)
  await expect(page.getByTestId("billing-balance-value")).toHaveText(after)
  // The demo tenant's charges are worded from their figures in the reader's language.
  await expect(
    page
      .getByTestId("ledger-row")
      .filter({ hasText: /Template messages: .+ × \d+/ })
      .first(),
  ).toBeVisible()
  await shot(page, "billing/ledger-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الفوترة")
  await expect(page.getByTestId("ledger-row").filter({ hasText: reason })).toContainText("شحن الرصيد")
  await expect(page.getByTestId("ledger-row").filter({ hasText: "رسائل القوالب" }).first()).toBeVisible()
  await shot(page, "billing/ledger-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
