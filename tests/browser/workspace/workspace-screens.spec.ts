/**
 * The workspace screens in Chromium against the seeded server: Ongoing Chats, Overall History, Messages, the ticket
 * lists and report, each listing seeded rows, filtering, searching and opening a read-only transcript; Arabic RTL.
 */
import { expect, test, type Page } from "@playwright/test"
import { baseUrl, login, openInApp, shot } from "../helpers"

const rows = (page: Page, id: string) => page.locator(`[data-testid=${id}]`)
const requestTo = (page: Page, path: string) => page.waitForRequest((r) => r.url().endsWith(path) && r.method() === "POST")
/** Ongoing Chats' own request: the chat inbox's badges read the same call with limit 1. */
const ongoingList = (page: Page) =>
  page.waitForRequest((r) => r.url().endsWith("/api/agent/conversations/ongoing") && r.postDataJSON()?.limit !== 1)

const setLanguage = async (page: Page, language: string) => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

/** Opens the first row's transcript and waits for its messages. */
const openTranscript = async (page: Page, rowId: string) => {
  await rows(page, rowId).first().getByTestId("open-transcript").click()
  const drawer = page.getByTestId("ws-transcript")
  await expect(drawer).toBeVisible()
  await expect(drawer.getByTestId("chat-transcript")).toBeVisible()
  await expect(drawer.locator("[data-testid=chat-transcript] .mc-transcript-row").first()).toBeVisible()
  await expect(page.getByTestId("ws-transcript-error")).toHaveCount(0)
  return drawer
}

test.describe("workspace screens", () => {
  // Each test opens its first screen from the admin's home, as the menu does (no second start of the console).
  test.beforeEach(async ({ page }) => {
    await login(page, "admin")
  })

  test("Ongoing Chats: conversations in progress, agents' loads, channel and status filters, a transcript", async ({ page }) => {
    const [first] = await Promise.all([ongoingList(page), openInApp(page, "/apps/ongoing")])
    expect(first.postDataJSON()).toMatchObject({ page: 1, limit: 1000 })
    await expect(rows(page, "ongoing-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
    await expect(rows(page, "ongoing-agent-load").first()).toBeVisible()
    await page.selectOption("[data-testid=ongoing-status]", "unassigned")
    const [filtered] = await Promise.all([ongoingList(page), page.getByTestId("ongoing-apply").click()])
    expect(filtered.postDataJSON()).toMatchObject({ status: "unassigned" })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    for (const status of await page.locator("[data-testid=ongoing-row] td:nth-child(4)").allTextContents())
      expect(status).toBe("Unassigned")
    await page.getByTestId("ongoing-clear").click()
    await page.selectOption("[data-testid=ongoing-channel]", "whatsapp")
    await page.getByTestId("ongoing-apply").click()
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await expect(rows(page, "ongoing-row").first()).toBeVisible()
    for (const channel of await page.locator("[data-testid=ongoing-row] td:nth-child(3)").allTextContents())
      expect(channel.trim()).toBe("WhatsApp")
    await shot(page, "h4/ongoing-en")
    await openTranscript(page, "ongoing-row")
    await shot(page, "h4/ongoing-transcript-en")
  })

  test("Overall History: closed conversations, search by number, a closed chat's transcript", async ({ page }) => {
    await openInApp(page, "/apps/history")
    await expect(rows(page, "history-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
    const number = (await page.locator("[data-testid=history-row] td:nth-child(2)").first().textContent())!.trim()
    await page.getByTestId("history-search").fill(number)
    const [search] = await Promise.all([
      requestTo(page, "/api/agent/history/conversations"),
      page.getByTestId("history-search").press("Enter"),
    ])
    expect(search.postDataJSON()).toMatchObject({ search: number, page: 1 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    for (const n of await page.locator("[data-testid=history-row] td:nth-child(2)").allTextContents()) expect(n.trim()).toBe(number)
    await shot(page, "h4/history-en")
    await openTranscript(page, "history-row")
    await shot(page, "h4/history-transcript-en")
  })

  test("Messages: every message, direction and number filters, media in the preview dialog", async ({ page }) => {
    await openInApp(page, "/apps/messages")
    await expect(rows(page, "message-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
    await page.selectOption("[data-testid=messages-direction]", "inbound")
    const [filtered] = await Promise.all([
      requestTo(page, "/api/backend/fetch/list/wt_messages"),
      page.getByTestId("messages-apply").click(),
    ])
    expect(filtered.postDataJSON()).toMatchObject({ direction: "inbound", page: 1, limit: 10 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    for (const d of await page.locator("[data-testid=message-row] td:nth-child(4)").allTextContents()) expect(d).toBe("Inbound")
    const number = (await page.locator("[data-testid=message-row] td:nth-child(2)").first().textContent())!.trim()
    await page.getByTestId("messages-search").fill(number)
    await page.getByTestId("messages-search-submit").click()
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    for (const n of await page.locator("[data-testid=message-row] td:nth-child(2)").allTextContents()) expect(n.trim()).toBe(number)
    await page.getByTestId("messages-search-clear").click()
    await page.getByTestId("messages-clear").click()
    await page.selectOption("[data-testid=page-size]", "25")
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    // Some page of the seeded messages holds media: open the first one found.
    for (let i = 0; i < 10 && (await page.getByTestId("open-media").count()) === 0; i++) {
      await page.getByTestId("page-next").click()
      await expect(page.getByTestId("report-loading")).toHaveCount(0)
    }
    await page.getByTestId("open-media").first().click()
    await expect(page.locator(".bp6-dialog")).toBeVisible()
    await expect(page.locator(".bp6-dialog [data-testid^=media-]").first()).toBeVisible()
    await shot(page, "h4/messages-media-en")
  })

  test("Tickets inbox: active and unassigned tabs with counts, search, a ticket's chat", async ({ page }) => {
    await openInApp(page, "/apps/inbox")
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
    await expect(page.getByTestId("inbox-count-total")).toHaveText(/^\d+$/)
    const [unassigned] = await Promise.all([requestTo(page, "/api/unassigned/ticket"), page.getByTestId("inbox-tab-unassigned").click()])
    expect(unassigned.postDataJSON()).toMatchObject({ page: 1 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await page.getByTestId("inbox-tab-active").click()
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    const ticket = (await page.locator("[data-testid=ticket-row] td:nth-child(1)").first().textContent())!.trim()
    await page.getByTestId("tickets-search").fill(ticket)
    const [search] = await Promise.all([requestTo(page, "/api/search/ticket"), page.getByTestId("tickets-search-submit").click()])
    expect(search.postDataJSON()).toMatchObject({ search: ticket })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await expect(page.locator("[data-testid=ticket-row] td:nth-child(1)").first()).toHaveText(ticket)
    await shot(page, "h4/inbox-en")
    await openTranscript(page, "ticket-row")
    await shot(page, "h4/inbox-transcript-en")
  })

  test("Ongoing Tickets, Ticket History and the Ticket Report list, filter and open chats", async ({ page }) => {
    await openInApp(page, "/apps/ticket-ongoing")
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
    await shot(page, "h4/ticket-ongoing-en")
    await page.goto(`${baseUrl()}/apps/ticket-history`)
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    for (const st of await page.locator("[data-testid=ticket-row] td:nth-child(5)").allTextContents()) expect(st).toBe("Resolved")
    await openTranscript(page, "ticket-row")
    await shot(page, "h4/ticket-history-transcript-en")
    await page.keyboard.press("Escape")
    await page.goto(`${baseUrl()}/apps/report/ticket`)
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await expect(page.getByTestId("figure-total")).toHaveText(/^\d+$/)
    await page.selectOption("[data-testid=tickets-status]", "Resolved")
    const [filtered] = await Promise.all([requestTo(page, "/api/ticket/report"), page.getByTestId("tickets-apply").click()])
    expect(filtered.postDataJSON()).toMatchObject({ status: "Resolved", page: 1 })
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    for (const st of await page.locator("[data-testid=ticket-row] td:nth-child(5)").allTextContents()) expect(st).toBe("Resolved")
    await shot(page, "h4/ticket-report-en")
  })

  test("a call that is not implemented says so, with no rows invented", async ({ page }) => {
    await page.route("**/api/backend/fetch/list/wt_messages", (route) =>
      route.fulfill({
        status: 501,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "NOT_IMPLEMENTED", message: "chat.fetchListWtMessages is not implemented yet" },
        }),
      }),
    )
    await openInApp(page, "/apps/messages")
    // One wording for every failure (useFailureText): a 501 names the call the server lacks.
    await expect(page.getByTestId("ws-error")).toContainText("The server does not offer this yet (chat.fetchListWtMessages).")
    await expect(rows(page, "message-row")).toHaveCount(0)
    await shot(page, "h4/messages-501-en")
    await page.unroute("**/api/backend/fetch/list/wt_messages")
    await page.getByTestId("ws-error").getByRole("button").click()
    await expect(rows(page, "message-row").first()).toBeVisible()
    await expect(page.getByTestId("ws-error")).toHaveCount(0)
  })

  test("Arabic: the workspace screens mirror right to left", async ({ page }) => {
    await openInApp(page, "/apps/ongoing")
    await setLanguage(page, "ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByTestId("page-title")).toHaveText("المحادثات الجارية")
    await expect(rows(page, "ongoing-row").first()).toBeVisible()
    // The first column (the customer) is the rightmost one in Arabic.
    const first = await page.locator("[data-testid=ongoing-table] th").first().boundingBox()
    const second = await page.locator("[data-testid=ongoing-table] th").nth(1).boundingBox()
    expect(first!.x).toBeGreaterThan(second!.x)
    await openTranscript(page, "ongoing-row")
    const drawer = await page.locator(".mc-ws-drawer").boundingBox()
    expect(drawer!.x).toBeLessThan(50)
    await shot(page, "h4/ongoing-transcript-ar")
    await page.keyboard.press("Escape")
    await page.goto(`${baseUrl()}/apps/report/ticket`)
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await shot(page, "h4/ticket-report-ar")
    await setLanguage(page, "en")
  })
})
