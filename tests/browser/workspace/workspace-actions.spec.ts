/**
 * Workspace actions in Chromium against the seeded server: a complaint resolved with a note stays resolved after a
 * reload; the simulator page places a call that rings agent1's console, hangs it up as the customer, sends a
 * customer message that agent1's Ongoing Chats lists, and shows the agent's reply arriving on the customer's phone.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, callCard, goOnline, login, loginTo, shot } from "../helpers"

test("Complain Tickets: open a complaint, resolve it with a note; it stays resolved after a reload", async ({ page }) => {
  await loginTo(page, "admin", "/apps/complain/ticket")
  const row = page.getByTestId("complaint-row").first()
  await expect(row).toBeVisible()
  await expect(page.getByTestId("ws-error")).toHaveCount(0)
  const ticket = (await row.getByTestId("open-complaint").textContent())!.trim()
  await row.getByTestId("open-complaint").click()
  const drawer = page.getByTestId("complaint-drawer")
  await expect(drawer.getByTestId("complaint-status")).toBeVisible()
  await page.selectOption("[data-testid=complaint-status-select]", "Resolved")
  await drawer.getByTestId("complaint-save").click()
  await expect(drawer.getByTestId("complaint-problem")).toContainText("resolution note")
  await drawer.getByTestId("complaint-note").fill("Refund issued by the browser test")
  const [update] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/api/update/complaint")),
    drawer.getByTestId("complaint-save").click(),
  ])
  expect(update.postDataJSON()).toMatchObject({
    ticket_number: ticket,
    status: "Resolved",
    resolution_note: "Refund issued by the browser test",
  })
  await expect(drawer.getByTestId("complaint-status")).toHaveText("Resolved")
  await expect(page.getByTestId("complaint-saved").first()).toBeVisible()
  await shot(page, "h4/complaint-resolved-en")
  await page.reload()
  await page.getByTestId("complaints-tab-resolved").click()
  await page.getByTestId("complaints-search").fill(ticket)
  await page.getByTestId("complaints-search-submit").click()
  await expect(page.getByTestId("report-loading")).toHaveCount(0)
  await expect(page.getByTestId("complaint-row").first().getByTestId("complaint-row-status")).toHaveText("Resolved")
  await page.getByTestId("complaint-row").first().getByTestId("open-complaint").click()
  await expect(page.getByTestId("complaint-note")).toHaveValue("Refund issued by the browser test")
})

test("Simulator: a call rings agent1 and ends when the customer hangs up; a message reaches agent1 and the reply reaches the customer", async ({
  browser,
}) => {
  const adminCtx = await browser.newContext()
  const agentCtx = await browser.newContext()
  const admin = await adminCtx.newPage()
  const agent = await agentCtx.newPage()
  await login(agent, "agent1")
  await goOnline(agent)
  await loginTo(admin, "admin", "/apps/simulator")
  await expect(admin.getByTestId("sim-calls")).toBeVisible()

  // A voice call from a simulated customer rings agent1's console.
  await admin.getByTestId("sim-call-place").click()
  await expect(admin.getByTestId("sim-problem")).toHaveText("Enter the customer's number.")
  await admin.getByTestId("sim-call-number").fill("+905550009901")
  await admin.getByTestId("sim-call-name").fill("Simulated Selin")
  await admin.getByTestId("sim-call-place").click()
  const call = admin.getByTestId("sim-call").first()
  await expect(call).toBeVisible()
  const callId = (await call.getAttribute("data-call-id"))!
  const card = callCard(agent, callId)
  await expect(card).toBeVisible()
  await expect(call.getByTestId("sim-call-status")).not.toHaveText("Placed")
  await shot(admin, "h4/simulator-call-en")
  await shot(agent, "h4/simulator-call-agent1")
  await call.getByTestId("sim-call-hangup").click()
  await expect(card).toHaveCount(0)
  await expect(call.getByTestId("sim-call-status")).toHaveText("Ended")

  // The customer writes in on WhatsApp: agent1's Ongoing Chats lists the conversation.
  const number = `+90555${String(Date.now()).slice(-7)}`
  const text = `Hello from the simulator ${number}`
  await admin.getByTestId("sim-number").fill(number)
  await admin.getByTestId("sim-name").fill("Simulated Deniz")
  await admin.getByTestId("sim-typing").click()
  await admin.getByTestId("sim-text").fill(text)
  await admin.getByTestId("sim-send").click()
  await expect(admin.getByTestId("sim-sent-item").first()).toContainText(text)
  await agent.goto(`${baseUrl()}/apps/ongoing`)
  await agent.getByTestId("ongoing-search").fill(number)
  await agent.getByTestId("ongoing-search-submit").click()
  await expect(agent.locator("[data-testid=ongoing-row] td:nth-child(2)").first()).toHaveText(number)

  // The agent answers (through the API, as the inbox does): the customer's phone shows it with its delivery status.
  const reply = await agent.evaluate(
    async ({ to }) => {
      const response = await fetch("/rt/messages/send/text", {
        method: "POST",
        headers: { "content-type": "application/json", "user-token": localStorage.getItem("user_token") ?? "" },
        body: JSON.stringify({ type: "text", text: { to: [to], message: { text: "Hi, how can we help?" } } }),
      })
      return { status: response.status, body: await response.text() }
    },
    { to: number },
  )
  expect(reply.status, reply.body).toBe(200)
  const received = admin.getByTestId("sim-received-item").first()
  await expect(received).toContainText("Hi, how can we help?")
  await expect(received.getByTestId("sim-received-status")).toHaveText(/sent|delivered/)
  await received.getByTestId("sim-mark-read").click()
  await expect(received.getByTestId("sim-received-status")).toHaveText("read")
  await shot(admin, "h4/simulator-messages-en")

  // Arabic mirrors the page.
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await admin.reload()
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(admin.getByTestId("page-title")).toHaveText("المحاكي")
  await shot(admin, "h4/simulator-ar")
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await adminCtx.close()
  await agentCtx.close()
})

test("Simulator: agents have no simulator page", async ({ page }) => {
  const body = await login(page, "agent1")
  expect(body.user_acl["FRONT:/apps/simulator"]).toBe(false)
  await page.goto(`${baseUrl()}/apps/simulator`)
  await expect(page).not.toHaveURL(/\/apps\/simulator$/)
})
