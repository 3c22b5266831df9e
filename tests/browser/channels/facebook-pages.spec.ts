/**
 * Connecting Facebook pages in Chromium against the server's fake Meta (the production Messenger adapter, signed
 * webhooks): tenant two's admin enters a login token and app secret, sees the login's pages and the webhook URL and
 * verify token, subscribes one page; Meta's console takes the URL; a Messenger customer writes and the message appears
 * in the inbox. Another visit shows the same webhook URL; unsubscribing shows the page not subscribed again. Arabic mirrors the page.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

test("connect a Facebook page against the simulated Meta and receive a Messenger customer's message in the inbox; Arabic", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-10)
  const pageId = `41${stamp}`
  const otherId = `42${stamp}`
  const userToken = `EAAGfbUser${stamp}`
  const appSecret = "c6f1a0b2d3e4f5a6b7c8d9e0f1a2b3c4"
  const login_ = {
    user_id: `51${stamp}`,
    name: "Omar Haddad",
    access_token: userToken,
    app_secret: appSecret,
    pages: [
      { id: pageId, name: "Omar's Garden", access_token: `EAAGfbPage${pageId}` },
      { id: otherId, name: "Omar's Café", access_token: `EAAGfbPage${otherId}` },
    ],
  }
  const meta = (path: string, data: Record<string, unknown>) =>
    page.request.post(`${baseUrl()}${path}`, { data: { clientId: 2, ...data }, headers: devHeaders() })
  expect((await meta("/dev/meta/logins", login_)).status()).toBe(200)

  await loginTo(page, "admin2", "/channels/fb-page")
  await expect(page.getByTestId("page-title")).toHaveText("Facebook pages")
  const status = page.getByTestId("meta-status")
  await expect(status).toHaveText(/Not connected|Connected/)

  await page.getByTestId("meta-access_token").fill(userToken)
  await page.getByTestId("meta-app_secret").fill("x")
  await page.getByTestId("meta-connect").click()
  await expect(page.getByTestId("meta-problem")).toContainText("App secret does not look right")
  await page.getByTestId("meta-app_secret").fill(appSecret)
  await page.getByTestId("meta-connect").click()
  await expect(status).toHaveText("Connected")
  await expect(page.getByTestId("meta-login-name")).toContainText("Omar Haddad")
  await expect(page.getByTestId("meta-access_token")).toHaveValue("")
  const row = page.locator(`[data-testid=meta-page][data-page-id="${pageId}"]`)
  await expect(row).toHaveAttribute("data-subscribed", "false")
  await expect(page.locator(`[data-testid=meta-page][data-page-id="${otherId}"]`)).toContainText("Omar's Café")
  const webhookUrl = await page.getByTestId("meta-webhook-url").inputValue()
  const verifyToken = await page.getByTestId("meta-verify-token").inputValue()
  expect(webhookUrl).toMatch(/\/hooks\/meta\//)

  await row.getByTestId("meta-page-toggle").click()
  await expect(row).toHaveAttribute("data-subscribed", "true")
  await expect(row).toContainText("Subscribed")
  await shot(page, "channels/facebook-pages")

  // Pasted in Meta's console: Meta checks the URL with the verify token, then posts signed webhooks to it.
  expect((await meta("/dev/meta/logins", { ...login_, callback_url: webhookUrl, verify_token: verifyToken })).status()).toBe(200)

  await page.goto(`${baseUrl()}/apps/chat`)
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await page.getByTestId("chat-box-all").click()
  const psid = `79${stamp}`
  const wrote = await meta("/dev/meta/page-writes", { page_id: pageId, from: psid, text: "Are the olive trees in stock?" })
  expect(wrote.status()).toBe(200)
  const conversation = page.locator(`[data-testid=chat-conversation][data-number*="${psid}"]`)
  await expect(conversation).toBeVisible({ timeout: 5_000 })
  await conversation.click()
  await expect(page.getByTestId("chat-thread")).toContainText("Are the olive trees in stock?")
  await shot(page, "channels/facebook-inbox")

  // Another visit: the login, its webhook URL and verify token are read back; unsubscribed, the page stays listed.
  await page.goto(`${baseUrl()}/channels/fb-page`)
  await expect(row).toHaveAttribute("data-subscribed", "true")
  await expect(page.getByTestId("meta-webhook-url")).toHaveValue(webhookUrl)
  await expect(page.getByTestId("meta-login-name")).toContainText("Omar Haddad")
  await row.getByTestId("meta-page-toggle").click()
  await expect(row).toHaveAttribute("data-subscribed", "false")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.getByTestId("page-title")).toHaveText("صفحات فيسبوك")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(row).toContainText("غير مشترك")
  await shot(page, "channels/facebook-pages-ar")
})
