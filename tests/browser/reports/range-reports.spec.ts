/** The range reports in Chromium against the seeded server: bad filters said clearly, every screen in English and Arabic. */
import Papa from "papaparse"
import { expect, type Page, test } from "@playwright/test"
import { readFileSync } from "node:fs"
import { baseUrl, devHeaders, login, loginTo, openInApp, shot } from "../helpers"
import { rows, setLanguage, typeRange } from "./reports.testing"

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

const STATUS_TEXT = { unassigned: "Unassigned", active: "Active", ongoing: "Ongoing", closed: "Closed" } as const
test.describe("Range reports", () => {
  test("an end before the start and a ten-year range are refused with a clear message, nothing loads, no spinner stays", async ({
    page,
  }) => {
    await loginTo(page, "admin", "/report/chat")
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
      // Screen after screen as the menu opens them, without reloading the console for each.
      for (const [path, id] of SCREENS) {
        await openInApp(page, path)
        await expect(page.getByTestId(id)).toBeVisible()
        await expect(page.getByTestId(`${id}-export`)).toBeVisible()
        await expect(page.getByTestId(`${id}-table`)).toBeVisible()
        await expect(page.getByTestId("report-loading")).toHaveCount(0)
        if (id === "mau") {
          // The month is named in the console's language, not the browser's.
          const thisMonth = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" }).format(new Date())
          await expect(page.getByTestId("mau-month-month").locator("option:checked")).toHaveText(thisMonth)
        }
        if (id === "customer-feedback") await expect(page.getByTestId("customer-feedback-chart")).toBeVisible()
        await shot(page, `reports-${id}-${language}`)
      }
    }
  })
  test("the chat report filters by channel, pages, and exports a CSV whose rows are the server's", async ({ page }) => {
    test.setTimeout(120_000)
    // Customers write in on WhatsApp now: each number is a conversation of today.
    const stamp = Date.now() % 1_000_000
    for (let i = 0; i < 7; i++) {
      const number = `+90555${String(stamp).padStart(6, "0")}${i}`
      const sent = await page.request.post(`${baseUrl()}/dev/simulator/messages`, {
        headers: devHeaders(),
        data: { clientId: 1, channel: "whatsapp", number, text: `report check ${i}` },
      })
      expect(sent.status()).toBeLessThan(300)
    }
    await loginTo(page, "admin", "/report/chat")
    await expect(page.getByTestId("chat-report")).toBeVisible()
    await expect(rows(page, "chat-report-table-row").first()).toBeVisible()

    await page.selectOption("[data-testid=chat-report-channel]", "whatsapp")
    await page.selectOption("[data-testid=page-size]", "5")
    const [filtered] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/chat/report") && r.postDataJSON().channel_type === "whatsapp"),
      page.getByTestId("chat-report-apply").click(),
    ])
    const today = new Date().toISOString().slice(0, 10)
    expect(filtered.postDataJSON()).toMatchObject({ channel_type: "whatsapp", end_date: today, page: 1, limit: 5 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await expect(rows(page, "chat-report-table-row")).toHaveCount(5)
    for (const channel of await page.locator("[data-testid=chat-report-table-row] td[data-col=channel]").allTextContents()) {
      expect(channel).toBe("WhatsApp")
    }

    // The server's own answer for the same filter, every row: the reference for the pager, the cards and the file.
    const all = await page.request.post(`${baseUrl()}/api/chat/report`, {
      headers: filtered.headers(),
      data: { ...filtered.postDataJSON(), page: 1, limit: 999_999 },
    })
    const body = (await all.json()) as {
      data: { items: { conversation_id: number; number: string; status: keyof typeof STATUS_TEXT }[]; totalItems: number }
    }
    const total = body.data.totalItems
    expect(total).toBeGreaterThanOrEqual(7)
    expect(body.data.items).toHaveLength(total)
    await expect(page.getByTestId("page-range")).toHaveText(`1–5 of ${total}`)
    await expect(page.getByTestId("chat-report-cards-total")).toHaveText(String(total))
    const [second] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/chat/report")),
      page.getByTestId("page-next").click(),
    ])
    expect(second.postDataJSON()).toMatchObject({ page: 2, limit: 5 })
    await expect(page.getByTestId("page-range")).toHaveText(`6–${Math.min(10, total)} of ${total}`)
    await expect(page.locator("[data-testid=chat-report-table-row] td[data-col=conversation]")).toHaveText(
      body.data.items.slice(5, 10).map((r) => String(r.conversation_id)),
    )
    // Statuses read in the user's language, not as the server's codes.
    await expect(page.locator("[data-testid=chat-report-table-row] td[data-col=status]")).toHaveText(
      body.data.items.slice(5, 10).map((r) => STATUS_TEXT[r.status]),
    )
    await shot(page, "reports-chat-report-data-en")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("chat-report-export").click()])
    const start = filtered.postDataJSON().start_date
    expect(download.suggestedFilename()).toBe(`chat_report_${start}_to_${today}_${today}.csv`)
    const [header, ...lines] = Papa.parse<string[]>(readFileSync((await download.path())!, "utf8").trim()).data
    expect(header.join(",")).toBe(
      "Conversation,Name,Number,Channel,Status,Agent,Started,Closed,Messages,First Response,Handle Time,Duration",
    )
    expect(lines.map((line) => line[0])).toEqual(body.data.items.map((r) => String(r.conversation_id)))
    // A number starting with + is written as '+… so a spreadsheet does not take it for a formula.
    expect(lines.map((line) => line[2])).toEqual(body.data.items.map((r) => r.number.replace(/^\+/, "'+")))

    await setLanguage(page, "ar")
    await expect(rows(page, "chat-report-table-row").first()).toBeVisible()
    await shot(page, "reports-chat-report-data-ar")
  })
})
