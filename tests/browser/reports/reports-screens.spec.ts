/** The three paged reports and the media dialog in Chromium against the seeded server. */
import { readFileSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

const rows = (page: Page, id: string) => page.locator(`[data-testid=${id}]`)

const setLanguage = async (page: Page, language: string) => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

test.describe("OTP Logs", () => {
  test("pages, sizes and searches by email with Enter, Search and Clear", async ({ page }) => {
    await login(page, "admin")
    await page.goto(`${baseUrl()}/apps/otp-logs`)
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

test.describe("Call History", () => {
  test("lists today's calls, filters by type, copies, opens messages and exports a CSV", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    await login(page, "admin")
    const [first] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/calls/list")),
      page.goto(`${baseUrl()}/apps/call-history`),
    ])
    const today = new Date().toISOString().slice(0, 10)
    expect(first.postDataJSON()).toEqual({ start_date: today, end_date: today, limit: 10, page: 1 })
    await expect(rows(page, "call-row").first()).toBeVisible()
    const id = await page.getByTestId("copy-call-id").first().textContent()
    expect(id).toMatch(/^.{10}\.\.\.$/)
    await page.getByTestId("copy-call-id").first().click()
    await expect(page.getByTestId("copied-toast").first()).toHaveText("Copied To Clipboard")
    await page.selectOption("[data-testid=calls-type]", "incoming")
    const [typed] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/calls/list")),
      page.getByTestId("calls-apply").click(),
    ])
    expect(typed.postDataJSON()).toMatchObject({ call_type: "incoming", page: 1 })
    await expect(rows(page, "call-row").first()).toBeVisible()
    for (const type of await page.locator("[data-testid=call-row] td:nth-child(4)").allTextContents()) expect(type).toBe("Incoming")
    await shot(page, "reports-call-history-en")

    // Export: limit 999999 page 1, the file named from the filters and the date, one line per call.
    const total = Number((await page.getByTestId("page-range").textContent())!.split(" of ")[1])
    const [exportRequest, download] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/calls/list") && r.postDataJSON().limit === 999_999),
      page.waitForEvent("download"),
      page.getByTestId("calls-export").click(),
    ])
    expect(exportRequest.postDataJSON()).toMatchObject({ limit: 999_999, page: 1, call_type: "incoming" })
    expect(download.suggestedFilename()).toBe(`call_history_incoming_${today}_to_${today}_${today}.csv`)
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n")
    expect(csv[0]).toBe(
      "Call ID,Name,Number,Call Type,Call Start Time,Call End Time,Duration,Accepted By,Status,Call Blocks,Date Time,Message",
    )
    expect(csv).toHaveLength(total + 1)

    // Clear: back to today and All; then a future range is empty and its export warns.
    await page.getByTestId("calls-clear").click()
    await expect(page.locator("[data-testid=calls-type]")).toHaveValue("all")
    const start = page.locator("[data-testid=calls-range] input").first()
    const end = page.locator("[data-testid=calls-range] input").nth(1)
    // End first: a start after the current end would be an overlapping range the picker refuses.
    await end.fill("02-01-2099")
    await start.fill("01-01-2099")
    await page.keyboard.press("Escape")
    await page.getByTestId("calls-apply").click()
    await expect(page.getByTestId("report-empty")).toHaveText(/No Calls Found/)
    await page.getByTestId("calls-export").click()
    await expect(page.getByTestId("notice-noData").first()).toHaveText("No data available for export with current filters.")
    await shot(page, "reports-call-history-empty")
  })

  test("shows every kind of message in the media dialog", async ({ page }) => {
    const base = {
      name: "Ayse",
      number: "905551112233",
      call_type: "incoming",
      call_start_time: 1_763_000_000,
      call_end_time: 1_763_000_075,
      call_duration: 75,
      username: "agent1",
      call_status: "completed",
      blocks: 2,
      dt: new Date().toISOString(),
    }
    const long = "This message is longer than fifty characters so the tooltip cuts it"
    const messages = [
      { message_type: "text", message_body: long, attachments: [], interactive: null },
      { message_type: "image", message_body: `${baseUrl()}/missing.jpg`, attachments: [], interactive: null },
      {
        message_type: "document",
        message_body: `${baseUrl()}/doc.pdf`,
        attachments: [{ name: "filename", value: "invoice.pdf" }],
        interactive: null,
      },
      {
        message_type: "interactive",
        message_body: "",
        attachments: [],
        interactive: {
          header_type: "text",
          header_value: "How did we do?",
          body: "Rate us",
          footer: "Thanks",
          type: "button",
          actions_list: { buttons: [{ reply: { title: "Great" } }, { title: "Bad" }] },
        },
      },
      { message_type: "video", message_body: `${baseUrl()}/clip.mp4`, attachments: [], interactive: null },
    ]
    await login(page, "admin")
    await page.route("**/api/calls/list", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          whatsappCalls: {
            whatsappCalls: messages.map((message, i) => ({
              ...base,
              call_id: `wacid.test.${i}`,
              call_duration: i === 0 ? 42 : 3725,
              message,
            })),
            totalItems: 5,
          },
        }),
      }),
    )
    await page.goto(`${baseUrl()}/apps/call-history`)
    await expect(rows(page, "call-row")).toHaveCount(5)
    await expect(page.locator("[data-testid=call-row] td:nth-child(7)").first()).toHaveText("42s")
    await expect(page.locator("[data-testid=call-row] td:nth-child(7)").nth(1)).toHaveText("1h 2m 5s")
    await page.getByTestId("open-message").first().hover()
    await expect(page.getByTestId("message-preview")).toHaveText(`${long.slice(0, 50)}...`)
    const open = async (i: number) => {
      await page.getByTestId("open-message").nth(i).click()
      await expect(page.getByRole("dialog")).toBeVisible()
    }
    const close = async () => {
      await page.keyboard.press("Escape")
      await expect(page.getByRole("dialog")).toHaveCount(0)
    }
    await open(0)
    await expect(page.getByTestId("media-text")).toHaveText(long)
    await close()
    await open(1)
    await expect(page.getByTestId("media-image-failed")).toContainText("Failed to load image")
    await expect(page.getByRole("button", { name: "Open Original Link" })).toBeVisible()
    await shot(page, "reports-media-image-failed")
    await close()
    await open(2)
    await expect(page.getByRole("button", { name: "Open in New Tab" })).toBeVisible()
    await expect(page.getByTestId("media-document")).toContainText("invoice.pdf")
    await close()
    await open(3)
    await expect(page.getByTestId("media-interactive")).toContainText("Rate us")
    await expect(page.getByTestId("media-interactive")).toContainText("Great")
    await expect(page.getByTestId("media-interactive")).toContainText("Header type: text")
    await page.screenshot({ path: ".tmp/screenshots/reports-media-interactive.png" })
    await close()
    await open(4)
    await expect(page.getByTestId("media-video")).toBeVisible()
    await close()
  })

  test("is denied to agent2, who lacks the WhatsApp calls permission", async ({ page }) => {
    const body = await login(page, "agent2")
    expect(body.back_acl["BACK:whatsapp_calls"]).toBeUndefined()
    await page.goto(`${baseUrl()}/apps/call-history`)
    await expect(page).not.toHaveURL(/\/apps\/call-history$/)
    const token = await page.evaluate(() => localStorage.getItem("user_token"))
    const reply = await page.request.post(`${baseUrl()}/api/calls/list`, {
      headers: { "user-token": token! },
      data: { start_date: "2026-01-01", end_date: "2026-12-31", limit: 10, page: 1 },
    })
    expect(reply.status()).toBe(403)
  })
})

test.describe("Complain Tickets Report", () => {
  test("cards, filters, paging from 0, the details dialog, search and tickets_report.csv", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    await login(page, "admin")
    const [first] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/fetch/ticket/report")),
      page.goto(`${baseUrl()}/report/complain-tickets-report`),
    ])
    expect(first.postDataJSON()).toEqual({ page: 0, limit: 10 })
    await expect(rows(page, "ticket-row")).toHaveCount(10)
    const total = Number(await page.getByTestId("card-total").textContent())
    expect(
      Number(await page.getByTestId("card-pending").textContent()) + Number(await page.getByTestId("card-resolved").textContent()),
    ).toBe(total)
    await expect(page.getByTestId("card-avg")).toHaveText(/^\d+ days, \d+ hrs, \d+ min, \d+ s$/)
    await shot(page, "reports-complain-tickets-en")

    await page.getByTestId("page-next").click()
    await expect(page.getByTestId("page-range")).toHaveText(`11–20 of ${total}`)

    await page.getByTestId("open-ticket").first().click()
    const dialog = page.getByRole("dialog")
    await expect(dialog).toContainText("Complain Details")
    await expect(page.getByTestId("complain-added")).toContainText("added this complain")
    await expect(page.getByTestId("complain-text")).toHaveAttribute("readonly", "")
    await expect(page.getByTestId("complain-text")).toHaveAttribute("maxlength", "800")
    const ticketNumber = (await page.getByTestId("complain-ticket-number").textContent())!.trim()
    await page.getByTestId("complain-ticket-number").click()
    await expect(page.getByTestId("copied-toast").first()).toHaveText("Copied To Clipboard")
    await shot(page, "reports-complain-dialog")
    await page.keyboard.press("Escape")

    await page.selectOption("[data-testid=tickets-status]", "Resolved")
    const [filtered] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/fetch/ticket/report")),
      page.getByTestId("tickets-apply").click(),
    ])
    expect(filtered.postDataJSON()).toMatchObject({ page: 0, status: "Resolved" })
    await expect(page.getByTestId("card-pending")).toHaveText("0")
    for (const status of await page.locator("[data-testid=ticket-row] td:nth-child(4)").allTextContents()) expect(status).toBe("Resolved")
    // The report actor outlives the screen: its filters survive a trip to another page (client-side navigation).
    await page.locator("[data-testid=nav-item][data-path='/apps/otp-logs']").first().click()
    await expect(rows(page, "otp-row").first()).toBeVisible()
    await page.goBack()
    await expect(page.locator("[data-testid=tickets-status]")).toHaveValue("Resolved")
    await expect(page.getByTestId("card-pending")).toHaveText("0")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("tickets-download").click()])
    expect(download.suggestedFilename()).toBe("tickets_report.csv")
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n")
    expect(csv[0]).toBe("Name,Channel,Ticket Number,Status,Number / Id's,Starting Date,Ending Date,Last Message")
    expect(csv.length - 1).toBe(Number(await page.getByTestId("card-total").textContent()))
    expect(csv.slice(1).every((line) => line.includes(",Resolved,"))).toBe(true)

    await page.getByTestId("tickets-clear").click()
    await expect(page.locator("[data-testid=tickets-status]")).toHaveValue("")
    expect(ticketNumber).toMatch(/^CMP-1-/)
  })

  test("search with Enter finds a WhatsApp ticket by number", async ({ page }) => {
    await login(page, "admin")
    await page.goto(`${baseUrl()}/report/complain-tickets-report`)
    await page.selectOption("[data-testid=tickets-platform]", "whatsapp")
    await page.getByTestId("tickets-apply").click()
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    const number = (await page.locator("[data-testid=ticket-row] td:nth-child(3)").first().textContent())!.trim()
    await page.getByTestId("tickets-search").fill(number)
    const [search] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/search/complaint")),
      page.getByTestId("tickets-search").press("Enter"),
    ])
    expect(search.postDataJSON()).toEqual({ ticket_number: number, channel_type: "whatsapp", ticket_type: "active" })
    await expect(rows(page, "ticket-row")).toHaveCount(1)
    await page.getByTestId("tickets-search-clear").click()
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await setLanguage(page, "tr")
    await expect(page.getByTestId("tickets-apply")).toHaveText("Filtreleri Uygula")
    await shot(page, "reports-complain-tickets-tr")
    await setLanguage(page, "en")
  })
})
