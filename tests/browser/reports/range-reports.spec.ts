/** The range reports in Chromium against the seeded server: bad filters said clearly, every screen in English and Arabic. */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"
import { setLanguage, typeRange } from "./reports.testing"

const fillDay = async (page: Page, testId: string, field: 0 | 1, day: string) => {
  await page.locator(`[data-testid=${testId}] input`).nth(field).fill(day)
  await page.locator(`[data-testid=${testId}] input`).nth(field).press("Tab")
  await page.keyboard.press("Escape")
}

const SCREENS = [
  ["/apps/aht", "aht"],
  ["/apps/serviceLevel", "service-level"],
  ["/report/chat", "chat-report"],
  ["/report/agent-report", "agent-report"],
  ["/report/surveyReport", "customer-feedback"],
  ["/report/customerJourney", "customer-journey"],
  ["/report/chat-hourly", "chat-hourly"],
  ["/report/chatbot-Information-oral", "chatbot-information"],
  ["/reports/segments", "segments-report"],
  ["/report/monthly-active-users", "mau"],
  ["/report/sub-account-report", "sub-account"],
  ["/report/template-messages-report", "template-messages"],
  ["/reports/agent-average-time", "agent-average-time"],
] as const

test.describe("Range reports", () => {
  test("an end before the start and a ten-year range are refused with a clear message, nothing loads, no spinner stays", async ({
    page,
  }) => {
    await login(page, "admin")
    await page.goto(`${baseUrl()}/report/chat`)
    await expect(page.getByTestId("chat-report")).toBeVisible()
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    const requests: unknown[] = []
    page.on("request", (r) => r.url().endsWith("/api/chat/report") && requests.push(r.postDataJSON()))

    // Start first, then an end before it: the picker passes it on and the report says why it will not apply it.
    await fillDay(page, "chat-report-range", 0, "10-03-2026")
    await fillDay(page, "chat-report-range", 1, "01-03-2026")
    await page.getByTestId("chat-report-apply").click()
    await expect(page.getByTestId("filter-problem")).toHaveText(
      "The end date is before the start date. Choose an end on or after the start.",
    )
    await expect(page.getByTestId("report-loading")).toHaveCount(0)

    await typeRange(page, "chat-report-range", "01-03-2016", "01-03-2026")
    await page.getByTestId("chat-report-apply").click()
    await expect(page.getByTestId("filter-problem")).toHaveText("The range is too long: choose at most 366 days.")
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await shot(page, "reports-range-problem-en")
    expect(requests).toEqual([])

    await setLanguage(page, "ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await typeRange(page, "chat-report-range", "01-03-2016", "01-03-2026")
    await page.getByTestId("chat-report-apply").click()
    await expect(page.getByTestId("filter-problem")).toHaveText("النطاق طويل جدًا: اختر 366 يومًا على الأكثر.")
    await shot(page, "reports-range-problem-ar")
  })

  test("every report screen opens with its filters, table and export, in English and Arabic", async ({ page }) => {
    test.setTimeout(180_000)
    await login(page, "admin")
    for (const language of ["en", "ar"]) {
      if (language === "ar") await setLanguage(page, "ar")
      for (const [path, id] of SCREENS) {
        await page.goto(`${baseUrl()}${path}`)
        await expect(page.getByTestId(id)).toBeVisible()
        await expect(page.getByTestId(`${id}-export`)).toBeVisible()
        await expect(page.getByTestId(`${id}-table`)).toBeVisible()
        await expect(page.getByTestId("report-loading")).toHaveCount(0)
        await shot(page, `reports-${id}-${language}`)
      }
    }
  })
})
