/**
 * The super admin on Template Messages (HSM), a screen that acts on one business: the page frame's filter card asks
 * for the business instead of showing the platform's own empty list; once Acme Retail is picked, the table holds
 * that business's templates as the server's super-admin call answers them, read only (writing them is the
 * business's own: no new, edit or assign controls).
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, login, openInApp, shot } from "../helpers"

/** Signs the super admin in and finds Acme Retail as the platform's business list names it. */
const superAdminWithAcme = async (page: Page) => {
  const { user_token } = (await login(page, "superadmin")) as Awaited<ReturnType<typeof login>> & { user_token: string }
  const headers = { "user-token": user_token }
  const clients = await page.request.get(`${baseUrl()}/api/backend/fetch/clients`, { headers })
  const acme = ((await clients.json()).data as { id: number; name: string }[]).find((c) => c.name === "Acme Retail")
  expect(acme).toBeDefined()
  return { headers, acme: acme as { id: number; name: string } }
}

test("the super admin picks a business to see its templates", async ({ page }) => {
  const { headers, acme } = await superAdminWithAcme(page)
  await openInApp(page, "/templateMessage-hsm")
  await expect(page.getByTestId("templates-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("templates-table")).toHaveCount(0)
  await expect(page.getByTestId("templates-new")).toHaveCount(0)

  const answer = await page.request.post(`${baseUrl()}/api/template/message/fetch/admin`, {
    headers,
    data: { client_id: acme?.id, page: 1, limit: 10 },
  })
  const templates = (await answer.json()).data.items as { name: string }[]
  expect(templates.length).toBeGreaterThan(0)

  const input = page.getByTestId("business-picker-input")
  await expect(input).toBeEnabled()
  await input.fill("acme")
  await input.press("Enter")
  await expect(input).toHaveValue("Acme Retail")
  await expect(page.getByTestId("templates-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("template-row")).toHaveCount(templates.length)
  for (const template of templates) await expect(page.locator(`[data-testid=template-row][data-name="${template.name}"]`)).toBeVisible()
  await expect(page.getByTestId("template-assign")).toHaveCount(0)
  await expect(page.getByTestId("templates-new")).toHaveCount(0)
})

/**
 * The super admin on the dashboard: nothing but the business picker until a business is picked, then the figures the
 * server answers for that business (its client_id on every read, the campaigns and templates too), not the platform's
 * own zeros; the picker and the date range share one filter card, side by side, mirrored in Arabic. A business's own
 * screens (its campaigns, its individual template sends) and the call button are not the super admin's. Looked at in
 * English, Turkish and Arabic (right to left).
 */
test("the super admin picks a business to see its dashboard", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  const pickAcme = async () => {
    const input = page.getByTestId("business-picker-input")
    await expect(input).toBeEnabled()
    const [boxes, campaigns, templates] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/info/boxes")),
      page.waitForResponse((r) => r.url().endsWith("/api/fetch/customer/campaign")),
      page.waitForResponse((r) => r.url().endsWith("/api/template/report")),
      input.fill("acme").then(() => input.press("Enter")),
    ])
    await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
    for (const read of [boxes, campaigns, templates]) expect(read.request().postDataJSON().client_id).toBe(acme?.id)
    return {
      ...((await boxes.json()).data as { conversations: number; messages_in: number; messages_out: number }),
      campaigns: (await campaigns.json()).data as { name: string }[],
      templates: (await templates.json()).data as { template_name: string }[],
    }
  }
  /** The picker and the range in the one filter card, on one row: the range after the picker in the reading order. */
  const sideBySide = async (rtl: boolean) => {
    const card = page.getByTestId("dash-business")
    await expect(page.getByTestId("dash-filters")).toHaveCount(0)
    const picker = (await card.getByTestId("business-picker-input").boundingBox())!
    const range = (await card.getByTestId("dash-range").boundingBox())!
    expect(Math.abs(picker.y + picker.height - (range.y + range.height))).toBeLessThan(24)
    if (rtl) expect(range.x + range.width).toBeLessThanOrEqual(picker.x + 1)
    else expect(range.x).toBeGreaterThanOrEqual(picker.x + picker.width - 1)
  }
  const number = async (id: string) => Number((await page.getByTestId(`box-${id}-value`).textContent())?.replace(/[^\d٠-٩]/g, ""))

  // The agent's desk is no business's for the super admin: its address leads home, as any address not held.
  await openInApp(page, "/apps/chat")
  await expect(page).toHaveURL(/\/platform$/)
  await expect(page.getByTestId("sidebar").locator('a[href="/apps/chat"]')).toHaveCount(0)
  for (const own of ["/apps/current-campaigns", "/templateMessage-individual-user"]) {
    await expect(page.getByTestId("sidebar").locator(`a[href="${own}"]`)).toHaveCount(0)
    await openInApp(page, own)
    await expect(page).toHaveURL(/\/platform$/)
  }
  await expect(page.getByTestId("dial-open")).toHaveCount(0)
  await openInApp(page, "/apps/dashboard")
  await expect(page.getByTestId("dash-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("dash-range-boxes")).toHaveCount(0)
  await expect(page.getByTestId("dash-range")).toHaveCount(0)

  const figures = await pickAcme()
  await expect(page.getByTestId("dash-business")).not.toContainText("Choose the business")
  // The seeded business has traffic in the default range: the boxes are its figures, not the platform's zeros.
  expect(figures.messages_in + figures.messages_out).toBeGreaterThan(0)
  expect(await number("messagesIn")).toBe(figures.messages_in)
  expect(await number("messagesOut")).toBe(figures.messages_out)
  expect(await number("conversations")).toBe(figures.conversations)
  // The socket speaks for the super admin's own business: the picked one's boxes say they are as last read.
  await expect(page.getByTestId("dash-as-read")).toHaveText("As last read: Refresh reads again")
  await expect(page.getByTestId("dash-live")).toHaveCount(0)
  await sideBySide(false)
  // The picked business's campaigns and template deliveries, as the server answers them for its client_id.
  expect(figures.campaigns.length).toBeGreaterThan(0)
  for (const campaign of figures.campaigns.slice(0, 10))
    await expect(page.getByTestId("dash-campaigns").getByRole("rowheader", { name: campaign.name, exact: true })).toBeVisible()
  expect(figures.templates.length).toBeGreaterThan(0)
  await expect(page.getByTestId("dash-templates").getByTestId("chart-templates")).toBeVisible()
  await shot(page, "dashboard-business-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "tr"))
  await page.reload()
  await expect(page.getByTestId("dash-business")).toBeVisible()
  await shot(page, "dashboard-business-tr-unpicked")
  await pickAcme()
  await sideBySide(false)
  await shot(page, "dashboard-business-tr")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await pickAcme()
  await sideBySide(true)
  await shot(page, "dashboard-business-ar")
  // A narrower window: the range wraps under the picker, both date boxes inside the card.
  await page.setViewportSize({ width: 900, height: 900 })
  const card = (await page.getByTestId("dash-business").boundingBox())!
  const picker = (await page.getByTestId("business-picker-input").boundingBox())!
  for (const name of ["start", "end"]) {
    const box = (await page.getByTestId("dash-business").locator(`input[name=${name}]`).boundingBox())!
    expect(box.y, name).toBeGreaterThanOrEqual(picker.y + picker.height)
    expect(box.x, name).toBeGreaterThanOrEqual(card.x)
    expect(box.x + box.width, name).toBeLessThanOrEqual(card.x + card.width + 1)
  }
  await shot(page, "dashboard-business-ar-narrow")
})

/**
 * The super admin on client webhooks: the picker first, then the picked business's webhooks and a webhook's delivery
 * log as the server's super-admin read answers them, read only (no new, test, edit or delete controls).
 */
test("the super admin picks a business to see its webhooks and their deliveries", async ({ page }) => {
  const { headers, acme } = await superAdminWithAcme(page)
  const listed = await page.request.post(`${baseUrl()}/api/client/webhooks`, { headers, data: { client_id: acme?.id, limit: 50 } })
  const hooks = (await listed.json()).data.items as { id: number; url: string }[]
  expect(hooks.length).toBeGreaterThan(0)
  const log = await page.request.post(`${baseUrl()}/api/webhook/deliveries`, {
    headers,
    // The log's first page, as the page shows it (ten rows a page).
    data: { client_id: acme?.id, webhook_id: hooks[0].id, limit: 10 },
  })
  const deliveries = (await log.json()).data.items as unknown[]
  expect(deliveries.length).toBeGreaterThan(0)

  await openInApp(page, "/apps/client-webhook")
  await expect(page.getByTestId("webhooks-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("webhooks-table")).toHaveCount(0)
  const input = page.getByTestId("business-picker-input")
  await expect(input).toBeEnabled()
  await input.fill("acme")
  await input.press("Enter")
  await expect(page.getByTestId("webhook-row")).toHaveCount(hooks.length)
  for (const hook of hooks) await expect(page.getByTestId("webhook-url").filter({ hasText: hook.url })).toBeVisible()
  await expect(page.getByTestId("webhooks-new")).toHaveCount(0)
  await expect(page.getByTestId("webhook-test")).toHaveCount(0)
  await page.getByTestId("webhook-log").first().click()
  await expect(page.getByTestId("delivery-row")).toHaveCount(deliveries.length)
  await shot(page, "webhooks-business-en")
})

/**
 * The super admin on the Chat Report, standing for every range report (they share the frame and the machine):
 * nothing but the picker until a business is picked, then that business's cards and rows as the server answers
 * them for its client_id (named on every read and on the export), not the platform's own empty report.
 */
test("the super admin picks a business to see its chat report", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  const pickAcme = async () => {
    const input = page.getByTestId("business-picker-input")
    await expect(input).toBeEnabled()
    const [stats, list] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/chat/stats")),
      page.waitForResponse((r) => r.url().endsWith("/api/chat/report")),
      input.fill("acme").then(() => input.press("Enter")),
    ])
    expect(stats.request().postDataJSON().client_id).toBe(acme?.id)
    expect(list.request().postDataJSON().client_id).toBe(acme?.id)
    return { total: (await stats.json()).data.total as number, rows: (await list.json()).data.items as unknown[] }
  }

  await openInApp(page, "/report/chat")
  await expect(page.getByTestId("chat-report-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("chat-report-table")).toHaveCount(0)
  await expect(page.getByTestId("chat-report-export")).toHaveCount(0)
  await shot(page, "chat-report-business-en-unpicked")

  const answer = await pickAcme()
  // The seeded business has conversations in the default range: its figures, not the platform's empty report.
  expect(answer.total).toBeGreaterThan(0)
  await expect(page.getByTestId("chat-report-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("chat-report-cards-total")).toHaveText(String(answer.total))
  await expect(page.getByTestId("chat-report-table-row")).toHaveCount(answer.rows.length)
  const exported = page.waitForRequest((r) => r.url().endsWith("/api/chat/report") && r.postDataJSON().limit === 999_999)
  await page.getByTestId("chat-report-export").click()
  expect((await exported).postDataJSON().client_id).toBe(acme?.id)
  await shot(page, "chat-report-business-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await pickAcme()
  await shot(page, "chat-report-business-ar")
})

/** Picks Acme Retail in the screen's picker and answers the read at `path` it set off, which named Acme. */
const pickAcmeRead = async (page: Page, acmeId: number, path: string) => {
  const input = page.getByTestId("business-picker-input")
  await expect(input).toBeEnabled()
  const [read] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api${path}`)),
    input.fill("acme").then(() => input.press("Enter")),
  ])
  expect(read.request().postDataJSON().client_id).toBe(acmeId)
  return read.json()
}

/**
 * The super admin on the Complain Tickets Report, a report kept across visits: the picker alone until a business is
 * picked, then that business's tickets and cards as the server answers them for its client_id.
 */
test("the super admin picks a business to see its complaint tickets", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  await openInApp(page, "/report/complain-tickets-report")
  await expect(page.getByTestId("tickets-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("tickets-table")).toHaveCount(0)
  await expect(page.getByTestId("tickets-download")).toHaveCount(0)

  const report = (await pickAcmeRead(page, acme.id, "/fetch/ticket/report")).data.complaintMetadata
  expect(report.tickets.length).toBeGreaterThan(0)
  await expect(page.getByTestId("tickets-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("ticket-row")).toHaveCount(report.tickets.length)
  await expect(page.getByTestId("ticket-row").first()).toContainText(report.tickets[0].ticket_number)
  await expect(page.getByTestId("card-total")).toHaveText(String(report.total_tickets))
  await expect(page.getByTestId("tickets-download")).toBeVisible()
  await shot(page, "complaint-tickets-business-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "tr"))
  await page.reload()
  await expect(page.getByTestId("tickets-business")).toBeVisible()
  await shot(page, "complaint-tickets-business-tr")
})

/** The super admin on OTP Logs: the picker first, then the picked business's codes as the server answers them. */
test("the super admin picks a business to see its OTP logs", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  await openInApp(page, "/apps/otp-logs")
  await expect(page.getByTestId("otp-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("otp-table")).toHaveCount(0)

  const logs = (await pickAcmeRead(page, acme.id, "/otp-logs")).logs
  expect(logs.data.length).toBeGreaterThan(0)
  await expect(page.getByTestId("otp-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("otp-row")).toHaveCount(logs.data.length)
  await expect(page.getByTestId("otp-row").first()).toContainText(logs.data[0].username)
  await shot(page, "otp-logs-business-en")
})

/** The super admin on the OTP Report: the picker first, then the picked business's codes per day as the server counts them. */
test("the super admin picks a business to see its OTP report", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  await openInApp(page, "/apps/optReport")
  await expect(page.getByTestId("otp-report-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("otp-report-table")).toHaveCount(0)
  await expect(page.getByTestId("otp-report-export")).toHaveCount(0)

  const report = await pickAcmeRead(page, acme.id, "/otp/report")
  expect(report.data.items.length).toBeGreaterThan(0)
  await expect(page.getByTestId("otp-report-row")).toHaveCount(report.data.items.length)
  await expect(page.getByTestId("otp-report-export")).toBeVisible()
})

/**
 * The super admin on Call History: the picker first, then the picked business's calls of today, and the recordings
 * of those calls asked for that business (the super admin may listen).
 */
test("the super admin picks a business to see its call history", async ({ page }) => {
  const { acme } = await superAdminWithAcme(page)
  await openInApp(page, "/apps/call-history")
  await expect(page.getByTestId("calls-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("calls-table")).toHaveCount(0)
  await expect(page.getByTestId("calls-export")).toHaveCount(0)

  const recordings = page.waitForRequest((r) => r.url().endsWith("/api/call/recordings"))
  const calls = (await pickAcmeRead(page, acme.id, "/calls/list")).whatsappCalls
  expect(calls.whatsappCalls.length).toBeGreaterThan(0)
  expect((await recordings).postDataJSON().client_id).toBe(acme.id)
  await expect(page.getByTestId("calls-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("call-row")).toHaveCount(calls.whatsappCalls.length)
  await expect(page.getByTestId("calls-export")).toBeVisible()
  await shot(page, "call-history-business-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("calls-business")).toBeVisible()
  const again = (await pickAcmeRead(page, acme.id, "/calls/list")).whatsappCalls
  await expect(page.getByTestId("call-row")).toHaveCount(again.whatsappCalls.length)
  await shot(page, "call-history-business-ar")
})
