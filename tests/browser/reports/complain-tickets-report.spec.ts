/** The Complain Tickets Report in Chromium against the seeded server: cards, filters, the dialog, search, the CSV. */
import { readFileSync } from "node:fs"
import { expect, test } from "@playwright/test"
import { baseUrl, login, loginTo, shot } from "../helpers"
import { rows, setLanguage } from "./reports.testing"

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
    const figure = async (id: string) => Number((await page.getByTestId(id).textContent())?.replaceAll(",", ""))
    const total = await figure("card-total")
    expect((await figure("card-pending")) + (await figure("card-resolved"))).toBe(total)
    // The one duration format: seconds, then hours, minutes and seconds, and from a day on days, hours and minutes.
    await expect(page.getByTestId("card-avg")).toHaveText(/^(\d+s|\d+h \d+m \d+s|\d+d \d+h \d+m)$/)
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
    expect(csv.length - 1).toBe(await figure("card-total"))
    expect(csv.slice(1).every((line) => line.includes(",Resolved,"))).toBe(true)

    await page.getByTestId("tickets-clear").click()
    await expect(page.locator("[data-testid=tickets-status]")).toHaveValue("")
    expect(ticketNumber).toMatch(/^CMP-1-/)
  })

  test("search with Enter finds a WhatsApp ticket by number", async ({ page }) => {
    await loginTo(page, "admin", "/report/complain-tickets-report")
    await page.selectOption("[data-testid=tickets-platform]", "whatsapp")
    await page.getByTestId("tickets-apply").click()
    // The rows on screen until the filtered page arrives are all channels': wait for WhatsApp's own.
    await expect(page.getByTestId("report-loading")).toHaveCount(0)
    await expect(page.locator("[data-testid=ticket-row] td:nth-child(2)").first()).toHaveText(/WhatsApp/)
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
    await setLanguage(page, "ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(rows(page, "ticket-row").first()).toBeVisible()
    await shot(page, "reports-complain-tickets-ar")
    await setLanguage(page, "en")
  })
})
