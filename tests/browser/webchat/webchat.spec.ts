/**
 * The web chat as people use it: an admin allows a site and copies the snippet; a visitor on that site (another
 * origin, served by this test) opens the widget and chats with agent1, who sees the conversation in the inbox and
 * replies; the visitor sees the agent typing, the reply and "Seen", reloads and keeps the conversation. A page on a
 * site not allowed gets no conversation. Screenshots of the configuration and the widget in English and Arabic.
 */
import { createServer, type Server } from "node:http"
import { expect, type Page, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

const DIR = "webchat"

const hostSite = async (snippet: string): Promise<{ server: Server; origin: string }> => {
  const server = createServer((req, res) => {
    const lang = req.url?.startsWith("/ar") ? "ar" : "en"
    const title = lang === "ar" ? "متجر تجريبي" : "Test shop"
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(`<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:40px;background:#fafafa} h1{color:#333}</style></head>
<body><h1>${title}</h1><p>${lang === "ar" ? "صفحة مضيفة للاختبار." : "A host page for the test."}</p>${snippet}</body></html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  return { server, origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` }
}

const widget = (page: Page) => page.locator("[data-webchat]")
const launcher = (page: Page) => page.locator("[data-webchat] .launcher")

test("a visitor on another site chats with agent1, sees typing, the reply and Seen, and keeps the conversation after a reload", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  // The admin: allow the site, switch the widget on, copy the snippet.
  const admin = await browser.newPage()
  await loginTo(admin, "admin", "/channels/webchat-btn")
  await expect(admin.getByTestId("webchat-settings")).toBeVisible({ timeout: 20_000 })
  const snippet = await admin.getByTestId("webchat-snippet-code").inputValue()
  expect(snippet).toMatch(/^<script src="http.+\/webchat\/widget\.js" data-key="wc_1_[A-Za-z0-9_-]{24}" async><\/script>$/)
  const allowed = await hostSite(snippet)
  const refused = await hostSite(snippet)

  await admin.getByTestId("webchat-origin-input").fill("http://shop.example.com/path")
  await admin.getByTestId("webchat-origin-add").click()
  await expect(admin.getByTestId("webchat-origins")).toContainText("Write the site as https://host")
  await admin.getByTestId("webchat-origin-input").fill(`${allowed.origin}/`)
  await admin.getByTestId("webchat-origin-add").click()
  await expect(admin.getByTestId("webchat-origin").filter({ hasText: allowed.origin })).toBeVisible()
  // Switched on whatever an earlier spec on this server left (queue-position.spec.ts switches it on too).
  const enabled = admin.locator("label", { hasText: "Widget switched on" })
  if (!(await enabled.locator("input").isChecked())) await enabled.click()
  await expect(enabled.locator("input")).toBeChecked()
  await admin.getByTestId("webchat-greeting").fill("Hello from the test shop: ask us anything.")
  await admin.getByTestId("webchat-prechat-name").selectOption("required")
  await admin.getByTestId("webchat-prechat-email").selectOption("off")
  await expect(admin.getByTestId("webchat-preview-greeting")).toHaveText("Hello from the test shop: ask us anything.")
  await admin.getByTestId("webchat-save").click()
  await expect(admin.getByTestId("webchat-saved")).toHaveText("Web chat saved")
  await admin.getByTestId("page-title").scrollIntoViewIfNeeded()
  await shot(admin, `${DIR}/config-en`)
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await admin.reload()
  await expect(admin.getByTestId("page-title")).toHaveText("الدردشة على الموقع")
  await expect(admin.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(admin.getByTestId("webchat-origin").filter({ hasText: allowed.origin })).toBeVisible()
  await shot(admin, `${DIR}/config-ar`)
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await admin.close()

  // The visitor on the allowed site: the pre-chat form asks the name, then the chat opens.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto(allowed.origin)
  await expect(widget(visitor)).toHaveAttribute("data-state", "ready", { timeout: 15_000 })
  await launcher(visitor).click()
  await expect(visitor.locator("[data-webchat] .form .greeting")).toHaveText("Hello from the test shop: ask us anything.")
  await visitor.locator("[data-webchat] .form button").click()
  await expect(visitor.locator("[data-webchat] input[name=name]")).toBeFocused()
  await visitor.locator("[data-webchat] input[name=name]").fill("Grace Visitor")
  await visitor.locator("[data-webchat] .form button").click()
  const input = visitor.locator("[data-webchat] textarea")
  await expect(input).toBeVisible()
  await input.fill("Do you ship to Izmir?")
  await input.press("Enter")
  await expect(visitor.getByTestId("webchat-visitor-message")).toHaveText("Do you ship to Izmir?")
  const key = /data-key="([^"]+)"/.exec(snippet)?.[1] ?? ""
  const visitorId = ((await visitor.evaluate((k) => localStorage.getItem(`webchat:${k}`), key)) ?? "").split(".")[2]
  expect(visitorId).toMatch(/^wv_/)

  // agent1 sees it in the inbox as a web-chat conversation and answers.
  const agent = await browser.newPage()
  await loginTo(agent, "agent1", "/apps/chat")
  await expect(agent.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await agent.getByTestId("chat-box-unassigned").click()
  const row = agent.locator(`[data-testid=chat-conversation][data-number="${visitorId}"]`)
  await expect(row).toBeVisible({ timeout: 10_000 })
  await expect(row).toContainText("Grace Visitor")
  await row.click()
  await expect(agent.getByTestId("chat-thread")).toContainText("Do you ship to Izmir?")
  // Taking the conversation and having it open reads it: the visitor sees "Seen".
  await agent.getByTestId("chat-take").click()
  await expect(visitor.getByTestId("webchat-seen")).toBeVisible({ timeout: 10_000 })

  // The agent types in the composer: the visitor sees it; the draft left alone says "paused" a few seconds later.
  await agent.getByTestId("chat-input").pressSequentially("Yes", { delay: 50 })
  await expect(visitor.getByTestId("webchat-typing")).toHaveText("An agent is typing…")
  await shot(visitor, `${DIR}/widget-agent-typing`)
  await agent.getByTestId("chat-input").fill("")
  await expect(visitor.getByTestId("webchat-typing")).toHaveText("", { timeout: 15_000 })
  // Typing again, then the reply: the reply ends the indicator.
  await agent.getByTestId("chat-input").pressSequentially("Yes, within two days.", { delay: 20 })
  await expect(visitor.getByTestId("webchat-typing")).toHaveText("An agent is typing…")
  await agent.getByTestId("chat-input").press("Enter")
  await expect(visitor.getByTestId("webchat-agent-message")).toHaveText("Yes, within two days.")
  await expect(visitor.getByTestId("webchat-typing")).toHaveText("")
  // The visitor had the window open: the agent's message shows read in the console.
  await expect(agent.locator("[data-testid=chat-message][data-status=pending]")).toHaveCount(0)
  await expect(
    agent
      .locator("[data-testid=chat-message][data-direction=outbound]")
      .filter({ hasText: "Yes, within two days." })
      .getByTestId("chat-message-status"),
  ).toHaveAttribute("data-status", "read", { timeout: 10_000 })
  await shot(visitor, `${DIR}/widget-en`)

  // A reload keeps the conversation.
  await visitor.reload()
  await expect(widget(visitor)).toHaveAttribute("data-state", "ready", { timeout: 15_000 })
  await launcher(visitor).click()
  await expect(visitor.getByTestId("webchat-visitor-message")).toHaveText("Do you ship to Izmir?")
  await expect(visitor.getByTestId("webchat-agent-message")).toHaveText("Yes, within two days.")
  await expect(visitor.locator("[data-webchat] textarea")).toBeVisible()

  // Arabic: the page's lang picks the widget's language, right to left.
  const arabic = await (await browser.newContext()).newPage()
  await arabic.goto(`${allowed.origin}/ar`)
  await expect(widget(arabic)).toHaveAttribute("data-state", "ready", { timeout: 15_000 })
  await launcher(arabic).click()
  await expect(arabic.locator("[data-webchat] .root")).toHaveAttribute("dir", "rtl")
  await expect(arabic.locator("[data-webchat] .form button")).toHaveText("ابدأ المحادثة")
  await shot(arabic, `${DIR}/widget-ar`)

  // A site that is not allowed: no launcher, no conversation, the reason in the page's console.
  const stranger = await (await browser.newContext()).newPage()
  const errors: string[] = []
  stranger.on("console", (message) => void (message.type() === "error" && errors.push(message.text())))
  await stranger.goto(refused.origin)
  await expect(widget(stranger)).toHaveAttribute("data-state", "refused", { timeout: 15_000 })
  await expect(widget(stranger)).toHaveAttribute("data-error", "ORIGIN_NOT_ALLOWED")
  await expect(launcher(stranger)).toHaveCount(0)
  expect(errors.join("\n")).toContain("the site is not allowed")

  allowed.server.close()
  refused.server.close()
})
