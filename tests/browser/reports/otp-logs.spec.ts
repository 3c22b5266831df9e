/** OTP Logs in Chromium against the seeded server: paging, page sizes, the email search, Arabic. */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"
import { rows, setLanguage } from "./reports.testing"

test.describe("OTP Logs", () => {
  test("pages, sizes and searches by email with Enter, Search and Clear", async ({ page }) => {
    await loginTo(page, "admin", "/apps/otp-logs")
    await expect(rows(page, "otp-row")).toHaveCount(10)
    for (const header of ["Id", "UserName", "Email", "Phone Number", "OTP Code", "Date & Time", "Provider", "Provider Email"]) {
      await expect(page.locator("[data-testid=otp-table] th", { hasText: header }).first()).toBeVisible()
    }
    await expect(page.locator("[data-testid=otp-row] td").nth(5)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (am|pm)$/)
    await page.selectOption("[data-testid=page-size]", "5")
    await expect(rows(page, "otp-row")).toHaveCount(5)
    await expect(page.getByTestId("page-range")).toHaveText(/^1–5 of \d+$/)
    await page.getByTestId("page-next").click()
    await expect(page.getByTestId("page-range")).toHaveText(/^6–10 of \d+$/)
    await shot(page, "reports-otp-logs-en")
    const search = page.getByTestId("otp-search")
    await search.fill("user1@")
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/api/otp-logs")), search.press("Enter")])
    expect(request.postDataJSON()).toMatchObject({ clientId: 1, email: "user1@", page: 1, limit: 5 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await expect
      .poll(async () =>
        (await page.locator("[data-testid=otp-row] td:nth-child(3)").allTextContents()).every((e) => e.startsWith("user1@")),
      )
      .toBe(true)
    await expect(rows(page, "otp-row").first()).toBeVisible()
    await page.getByTestId("otp-search-clear").click()
    await expect(search).toHaveValue("")
    await search.fill("nobody-at-all@")
    await page.getByTestId("otp-search-submit").click()
    await expect(page.getByTestId("report-empty")).toBeVisible()
    await page.getByTestId("otp-search-clear").click()
    await expect(rows(page, "otp-row")).toHaveCount(5)
    await setLanguage(page, "ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.locator("[data-testid=otp-table] th").first()).toHaveText("المعرّف")
    await shot(page, "reports-otp-logs-ar")
    await setLanguage(page, "en")
  })
})
