/**
 * SLA policies in Chromium against the real server and its job queue: an admin sets a 30-second first-response policy
 * on the SLA screen (breach: notify and webhook), a customer writes, the chat list's and header's countdown runs and
 * turns breached, the breach notice arrives on the socket and the webhook reaches a receiver this test runs. The
 * editor picks a segment by name from the tenant's segments; the screen and its editor in Turkish and Arabic (mirrored).
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { expect, test } from "@playwright/test"
import { baseUrl, checkSettled, shot } from "../helpers"
import { customerWrites, freshNumber, openInbox, row } from "../chat/chat-inbox-helpers"

const api = async (request: import("@playwright/test").APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token } })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as { data: unknown }
}

const tokenOf = async (request: import("@playwright/test").APIRequestContext) => {
  const response = await request.post(`${baseUrl()}/api/auth/user`, { data: { username: "admin", password: "demo1234" } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user_token: string }).user_token
}

test("SLA: a 30-second first response counts down, turns breached, notifies and fires the webhook; Arabic", async ({ page }) => {
  test.setTimeout(120_000)
  const received: { type: string; body: string }[] = []
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ type: String(req.headers["x-webhook-event"] ?? ""), body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sla/${Date.now().toString(36)}`
  const name = `SLA ${Date.now().toString(36)}`
  const setup = await tokenOf(page.request)
  const hook = (await api(page.request, setup, "/create/client/webhook", { url, events: ["conversation.sla_breached"] })).data as {
    id: number
  }
  try {
    await openInbox(page, "admin")
    await page.goto(`${baseUrl()}/apps/sla-policies`)
    await expect(page.getByTestId("page-title")).toHaveText("SLA policies")
    await page.getByTestId("sla-new").click()
    await page.getByTestId("sla-name").fill(name)
    await page.getByTestId("sla-first_response_seconds").fill("0.5")
    await checkSettled(page.getByTestId("sla-breach_actions-webhook"))
    await page.getByTestId("sla-save").click()
    const policy = page.locator(`[data-testid=sla-policy][data-name="${name}"]`)
    await expect(policy).toContainText("30")
    await shot(page, "sla/policies")

    const number = freshNumber()
    await page.goto(`${baseUrl()}/apps/chat`)
    await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
    const { conversationId } = await customerWrites(page, number, "Is anyone there?")
    await page.getByTestId("chat-box-all").click()
    const countdown = row(page, number).getByTestId("sla-countdown")
    await expect(countdown).toHaveAttribute("data-state", /running|near/, { timeout: 20_000 })
    await row(page, number).click()
    const header = page.getByTestId("chat-thread").getByTestId("sla-countdown")
    await expect(header).toContainText("First response")
    await shot(page, "sla/countdown-running")

    await expect(countdown).toHaveAttribute("data-state", "breached", { timeout: 45_000 })
    await expect(header).toContainText("breached")
    // A new policy applies to every open conversation at once: the tenant's older ones breach too, each its own alert
    // and event.
    await expect(page.locator(`[data-testid=sla-alert][data-kind=breached][data-conversation="${conversationId}"]`)).toContainText(
      String(conversationId),
      { timeout: 20_000 },
    )
    const breaches = () =>
      received
        .filter((r) => r.type === "conversation.sla_breached")
        .map((r) => (JSON.parse(r.body) as { data: { conversation_id: number; metric: string } }).data)
    await expect.poll(() => breaches().some((d) => d.conversation_id === conversationId), { timeout: 30_000 }).toBe(true)
    expect(breaches().find((d) => d.conversation_id === conversationId)).toMatchObject({ metric: "first_response" })
    await shot(page, "sla/countdown-breached")

    await page.goto(`${baseUrl()}/apps/sla-policies`)
    await policy.getByRole("button", { name: "Edit policy" }).click()
    const segment = page.getByTestId("sla-segment")
    await segment.selectOption({ label: "WhatsApp VIPs" })
    await expect(page.getByTestId("sla-breach_actions-reassign")).toBeVisible()
    await shot(page, "sla/editor")
    await page.getByTestId("sla-save").click()
    await expect(policy).toContainText("WhatsApp VIPs")

    for (const [language, title, dir] of [
      ["tr", "SLA politikaları", "ltr"],
      ["ar", "سياسات مستوى الخدمة", "rtl"],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem("i18nextLng", l), language)
      await page.reload()
      await expect(page.locator("html")).toHaveAttribute("dir", dir)
      await expect(page.getByTestId("page-title")).toHaveText(title)
      await expect(policy).toContainText("WhatsApp VIPs")
      await shot(page, `sla/policies-${language}`)
      await policy.getByRole("button").first().click()
      await expect(page.getByTestId("sla-segment")).toHaveValue(await segment.inputValue())
      await shot(page, `sla/editor-${language}`)
      await page.keyboard.press("Escape")
    }
    await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  } finally {
    const token = await tokenOf(page.request)
    const policies = (await api(page.request, token, "/sla/policies", {})).data as { id: number; name: string }[]
    for (const p of policies.filter((p) => p.name === name)) await api(page.request, token, "/sla/policy/delete", { id: p.id })
    await api(page.request, token, "/webhook/delete", { id: hook.id })
    receiver.close()
  }
})
