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
  await reloadKeeps(page, "/info/boxes", acme)
  await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
  await sideBySide(false)
  await shot(page, "dashboard-business-tr")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await reloadKeeps(page, "/info/boxes", acme)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
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
  await reloadKeeps(page, "/chat/report", acme)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("chat-report-table-row")).toHaveCount(answer.rows.length)
  await shot(page, "chat-report-business-ar")
})

/**
 * Reloads the page, which keeps the business the console shows: the screen reads `path` for it again without a
 * pick, and its picker names it. Answers that read.
 */
const reloadKeeps = async (page: Page, path: string, business: { id: number; name: string }) => {
  // The old page's reads are over once the new one's document arrives; the console's own start comes after that.
  await page.reload({ waitUntil: "commit" })
  const read = await page.waitForResponse((r) => r.url().endsWith(`/api${path}`))
  expect(read.request().postDataJSON().client_id).toBe(business.id)
  const body = await read.json()
  await expect(page.getByTestId("business-picker-input")).toHaveValue(business.name)
  return body
}

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
  const again = (await reloadKeeps(page, "/calls/list", acme)).whatsappCalls
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("call-row")).toHaveCount(again.whatsappCalls.length)
  await shot(page, "call-history-business-ar")
})

/**
 * One business for the super admin's console: picked on one screen it is the next screen's without a pick, a reload
 * keeps it, picking another on any screen changes it for the next, and a new login starts with none. A report draws
 * one filter card: the picker and the report's own filters side by side, mirrored in Arabic, wrapping on a narrow
 * window. Looked at in English, Turkish and Arabic.
 */
test("the business picked is every screen's until the login ends", async ({ page }) => {
  // Five screens, three reloads and a second login.
  test.setTimeout(120_000)
  const { headers, acme } = await superAdminWithAcme(page)
  const clients = (await (await page.request.get(`${baseUrl()}/api/backend/fetch/clients`, { headers })).json()).data as {
    id: number
    name: string
  }[]
  const other = clients.find((c) => !c.name.toLowerCase().includes("acme"))
  expect(other).toBeDefined()
  const beta = other as { id: number; name: string }
  const input = page.getByTestId("business-picker-input")
  /** Opens `path`, whose first read (`read`) names `business` without a pick. */
  const opensFor = async (path: string, read: string, business: { id: number; name: string }) => {
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api${read}`)), openInApp(page, path)])
    expect(answer.request().postDataJSON().client_id).toBe(business.id)
    await expect(input).toHaveValue(business.name)
  }
  /** The chat report's one filter card: the picker, then the report's range on the same row, after it in reading order. */
  const oneCard = async (rtl: boolean) => {
    const card = page.getByTestId("chat-report-business")
    await expect(page.locator(".mc-filter-card")).toHaveCount(1)
    await expect(card.getByTestId("chat-report-apply")).toBeVisible()
    const picker = (await card.getByTestId("business-picker-input").boundingBox())!
    const range = (await card.getByTestId("chat-report-range").boundingBox())!
    expect(Math.abs(picker.y + picker.height - (range.y + range.height))).toBeLessThan(24)
    if (rtl) expect(range.x + range.width).toBeLessThanOrEqual(picker.x + 1)
    else expect(range.x).toBeGreaterThanOrEqual(picker.x + picker.width - 1)
  }

  await openInApp(page, "/apps/otp-logs")
  await pickAcmeRead(page, acme.id, "/otp-logs")
  // The next screens show Acme at once: their reads name it, nobody picked it there.
  await opensFor("/report/chat", "/chat/stats", acme)
  await expect(page.getByTestId("chat-report-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("chat-report-table")).toBeVisible()
  await oneCard(false)
  await shot(page, "chat-report-one-card-en")
  await opensFor("/apps/dashboard", "/info/boxes", acme)

  // A reload keeps it, in any language.
  await openInApp(page, "/report/chat")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "tr"))
  await reloadKeeps(page, "/chat/stats", acme)
  await oneCard(false)
  await shot(page, "chat-report-one-card-tr")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await reloadKeeps(page, "/chat/stats", acme)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await oneCard(true)
  await shot(page, "chat-report-one-card-ar")
  // A narrower window: the report's filters wrap under the picker, inside the card.
  await page.setViewportSize({ width: 900, height: 900 })
  const card = (await page.getByTestId("chat-report-business").boundingBox())!
  const picker = (await input.boundingBox())!
  const range = (await page.getByTestId("chat-report-range").boundingBox())!
  expect(range.y).toBeGreaterThanOrEqual(picker.y + picker.height)
  expect(range.x).toBeGreaterThanOrEqual(card.x)
  expect(range.x + range.width).toBeLessThanOrEqual(card.x + card.width + 1)
  await shot(page, "chat-report-one-card-ar-narrow")
  await page.setViewportSize({ width: 1366, height: 860 })
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))

  // Another business picked on the dashboard is the next screen's.
  await opensFor("/apps/dashboard", "/info/boxes", acme)
  await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
  await expect(input).toBeEnabled()
  const [boxes] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/info/boxes")),
    input.fill(beta.name).then(() => input.press("Enter")),
  ])
  expect(boxes.request().postDataJSON().client_id).toBe(beta.id)
  await opensFor("/apps/otp-logs", "/otp-logs", beta)

  // A new login starts with no business.
  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await expect(page).toHaveURL(/\/login$/)
  await login(page, "superadmin")
  await openInApp(page, "/report/chat")
  await expect(page.getByTestId("chat-report-business")).toContainText("Choose the business whose data this page shows.")
  await expect(input).toHaveValue("")
  await expect(page.getByTestId("chat-report-table")).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId("chat-report-business")).toContainText("Choose the business whose data this page shows.")
})
