/** Call History in Chromium against the seeded server: filters, copy, messages, the CSV export and its failures. */
import { readFileSync } from "node:fs"
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, callCard, clickClosing, goOnline, login, shot, timeOnScreen } from "../helpers"
import { hangUpPlaced, place } from "../calls/simulated-calls"
import { rows, setLanguage, typeRange } from "./reports.testing"

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
    // The unfiltered rows stay on screen until the answer is painted: wait for them to go, not just for the request.
    await expect(page.locator("[data-testid=call-row] td:nth-child(4)", { hasText: "Outgoing" })).toHaveCount(0, { timeout: 30_000 })
    await expect(page.locator("[data-testid=call-row] td:nth-child(4)", { hasText: "Incoming" }).first()).toBeVisible()
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
      "Call ID,Name,Number,Call Type,Call Start Time,Call End Time,Duration,Accepted By,Status,Call Blocks,Date Time,Message,Transfers",
    )
    expect(csv).toHaveLength(total + 1)

    // Clear: back to today and All; then a future range is empty and its export warns.
    await page.getByTestId("calls-clear").click()
    await expect(page.locator("[data-testid=calls-type]")).toHaveValue("all")
    await typeRange(page, "calls-range", "01-01-2099", "02-01-2099")
    await page.getByTestId("calls-apply").click()
    await expect(page.getByTestId("report-empty")).toHaveText(/No Calls Found/)
    await page.getByTestId("calls-export").click()
    await expect(page.getByTestId("notice-noData").first()).toHaveText("No data available for export with current filters.")
    await shot(page, "reports-call-history-empty")
  })

  test("a transferred call says so under its agent, in English and Arabic, and the Transferred filter finds it", async ({ browser }) => {
    test.setTimeout(120_000)
    const online = async (username: string) => {
      const page: Page = await (await browser.newContext()).newPage()
      await login(page, username)
      await goOnline(page)
      return page
    }
    const [admin, agent1] = [await online("admin"), await online("agent1")]
    try {
      const callId = await place("+905550000471")
      await callCard(admin, callId).getByTestId("call-accept").click()
      await expect(callCard(admin, callId)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
      await callCard(admin, callId).getByTestId("call-transfer").click()
      await clickClosing(admin.getByTestId("call-transfer-target").filter({ hasText: "Kerem Agent" }))
      await callCard(agent1, callId).getByTestId("call-accept").click()
      await expect(callCard(agent1, callId)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
      await callCard(agent1, callId).getByTestId("call-end").click()
      await expect(callCard(agent1, callId)).toHaveCount(0)

      await admin.goto(`${baseUrl()}/apps/call-history`)
      await admin.selectOption("[data-testid=calls-transfers]", "transferred")
      const [filtered] = await Promise.all([
        admin.waitForRequest((r) => r.url().endsWith("/api/calls/list")),
        admin.getByTestId("calls-apply").click(),
      ])
      expect(filtered.postDataJSON()).toMatchObject({ transferred: true, page: 1 })
      const row = rows(admin, "call-row").filter({ hasText: "+905550000471" })
      await expect(row.getByTestId("call-transfer")).toHaveText("Transferred by admin to agent1, taken by agent1")
      // Only transferred calls are listed: every row has its transfer line.
      await expect(rows(admin, "call-row").filter({ hasNot: admin.getByTestId("call-transfers") })).toHaveCount(0)
      await row.getByTestId("call-transfer").scrollIntoViewIfNeeded()
      await shot(admin, "reports-call-history-transfer-en")
      await setLanguage(admin, "ar")
      await expect(row.getByTestId("call-transfer")).toHaveText("حوّلها admin إلى agent1، واستلمها agent1")
      await row.getByTestId("call-transfer").scrollIntoViewIfNeeded()
      await shot(admin, "reports-call-history-transfer-ar")
      await setLanguage(admin, "en")
    } finally {
      await hangUpPlaced()
      await Promise.all([admin.context().close(), agent1.context().close()])
    }
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

  test("confirmations as the spec times them: a copy 2 s, a notice 6000 ms", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    await login(page, "admin")
    await page.goto(`${baseUrl()}/apps/call-history`)
    await expect(rows(page, "call-row").first()).toBeVisible()
    const copiedFor = await timeOnScreen(page, "copied-toast")
    await page.getByTestId("copy-number").first().click()
    const copied = page.getByTestId("copied-toast")
    await expect(copied).toBeVisible()
    await expect(copied).toHaveCount(0, { timeout: 6_000 })
    // 2 s and the toast's exit (about 2.36 s in the page); the 3 s it lasted before would end after 3.3 s.
    const shown = await copiedFor()
    expect(shown).toBeGreaterThan(1_500)
    expect(shown).toBeLessThan(2_900)

    await typeRange(page, "calls-range", "01-01-2099", "02-01-2099")
    await page.getByTestId("calls-apply").click()
    await expect(page.getByTestId("report-empty")).toBeVisible()
    const noticeFor = await timeOnScreen(page, "notice-noData")
    await page.getByTestId("calls-export").click()
    const notice = page.getByTestId("notice-noData")
    await expect(notice).toBeVisible()
    await expect(notice).toHaveCount(0, { timeout: 10_000 })
    const noticed = await noticeFor()
    expect(noticed).toBeGreaterThan(5_500)
    expect(noticed).toBeLessThan(7_500)
  })

  test("a failed export says so in an alert, in the user's language; the rows stay", async ({ page }) => {
    await login(page, "admin")
    await page.route("**/api/calls/list", (route) =>
      route.request().postDataJSON().limit === 999_999
        ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "X", message: "down" } }) })
        : route.continue(),
    )
    // The alert blocks the page until answered: answer it as it opens, then look at what it said.
    const alerts: { type: string; message: string }[] = []
    page.on("dialog", (dialog) => {
      alerts.push({ type: dialog.type(), message: dialog.message() })
      void dialog.accept()
    })
    await page.goto(`${baseUrl()}/apps/call-history`)
    await expect(rows(page, "call-row").first()).toBeVisible()
    const shown = rows(page, "call-row")
    const before = await shown.count()
    await page.getByTestId("calls-export").click()
    await expect.poll(() => alerts).toEqual([{ type: "alert", message: "Export failed. Please try again." }])
    await expect(shown).toHaveCount(before)
    await expect(page.locator("[data-testid^=notice-]")).toHaveCount(0)
    await setLanguage(page, "ar")
    await expect(rows(page, "call-row").first()).toBeVisible()
    await page.getByTestId("calls-export").click()
    await expect.poll(() => alerts.length).toBe(2)
    expect(alerts[1].message).toBe("فشل التصدير. يرجى المحاولة مرة أخرى.")
    await setLanguage(page, "en")
  })

  test("the date range takes any dates, past or future; Arabic mirrors the filter bar", async ({ page }) => {
    await login(page, "admin")
    await page.goto(`${baseUrl()}/apps/call-history`)
    await expect(rows(page, "call-row").first()).toBeVisible()
    await typeRange(page, "calls-range", "01-01-1850", "31-12-2250")
    await expect(page.locator("[data-testid=calls-range] .bp6-intent-danger")).toHaveCount(0)
    await expect(page.locator("[data-testid=calls-range] input").first()).toHaveValue("01-01-1850")
    await expect(page.locator("[data-testid=calls-range] input").nth(1)).toHaveValue("31-12-2250")
    const [ranged] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/calls/list")),
      page.getByTestId("calls-apply").click(),
    ])
    expect(ranged.postDataJSON()).toMatchObject({ start_date: "1850-01-01", end_date: "2250-12-31", page: 1 })
    await expect(rows(page, "call-row").first()).toBeVisible()
    await setLanguage(page, "ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(rows(page, "call-row").first()).toBeVisible()
    // Right to left: the filter bar starts at the right, so Apply sits left of the date range.
    const range = await page.getByTestId("calls-range").boundingBox()
    const apply = await page.getByTestId("calls-apply").boundingBox()
    expect(apply!.x).toBeLessThan(range!.x)
    await shot(page, "reports-call-history-ar")
    await page.getByTestId("calls-clear").click()
    await setLanguage(page, "en")
  })
})
