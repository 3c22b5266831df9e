/**
 * Connecting Instagram business accounts in Chromium against the server's fake Meta (the production Instagram adapter,
 * signed webhooks): tenant two's admin enters a Facebook login token and app secret, sees the Instagram accounts of the
 * login's pages (a page without one is not listed), subscribes one; Meta's console takes the webhook URL; an Instagram
 * customer writes and the message appears in the inbox. Arabic mirrors the page.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

test("connect an Instagram account against the simulated Meta and receive a customer's direct message in the inbox; Arabic", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-10)
  const pageId = `43${stamp}`
  const plainId = `44${stamp}`
  const instagramId = `178${stamp}`
  const userToken = `EAAGigUser${stamp}`
  const appSecret = "d7a1b0c2d3e4f5a6b7c8d9e0f1a2b3c4"
  const login_ = {
    user_id: `52${stamp}`,
    name: "Selin Aydın",
    access_token: userToken,
    app_secret: appSecret,
    pages: [
      {
        id: pageId,
        name: "Selin Ceramics",
        access_token: `EAAGigPage${pageId}`,
        instagram: { id: instagramId, username: "selin.ceramics" },
      },
      { id: plainId, name: "Selin Notes", access_token: `EAAGigPage${plainId}` },
    ],
  }
  const meta = (path: string, data: Record<string, unknown>) =>
    page.request.post(`${baseUrl()}${path}`, { data: { clientId: 2, ...data }, headers: devHeaders() })
  expect((await meta("/dev/meta/logins", login_)).status()).toBe(200)

  await loginTo(page, "admin2", "/channels/Instagram")
  await expect(page.getByTestId("page-title")).toHaveText("Instagram")
  const status = page.getByTestId("meta-status")
  await expect(status).toHaveText(/Not connected|Connected/)

  await page.getByTestId("meta-access_token").fill(userToken)
  await page.getByTestId("meta-app_secret").fill(appSecret)
  await page.getByTestId("meta-connect").click()
  await expect(status).toHaveText("Connected")
  await expect(page.getByTestId("meta-login-name")).toContainText("Selin Aydın")
  // A Facebook login's token: the account sends through its linked page, and the screen says so.
  await expect(page.getByTestId("meta-connection")).toHaveAttribute("data-connection", "facebook_login")
  await expect(page.getByTestId("meta-connection")).toContainText("Connected through Facebook Login")
  const row = page.locator(`[data-testid=meta-page][data-page-id="${instagramId}"]`)
  await expect(row).toHaveAttribute("data-subscribed", "false")
  await expect(row).toContainText("selin.ceramics")
  // A page without an Instagram business account has nothing to subscribe here.
  await expect(page.locator(`[data-testid=meta-page][data-page-id="${plainId}"]`)).toHaveCount(0)
  const webhookUrl = await page.getByTestId("meta-webhook-url").inputValue()
  const verifyToken = await page.getByTestId("meta-verify-token").inputValue()
  expect(webhookUrl).toMatch(/\/hooks\/meta\//)

  await row.getByTestId("meta-page-toggle").click()
  await expect(row).toHaveAttribute("data-subscribed", "true")
  await shot(page, "channels/instagram-accounts")

  // Pasted in Meta's console: Meta checks the URL with the verify token, then posts signed webhooks to it.
  expect((await meta("/dev/meta/logins", { ...login_, callback_url: webhookUrl, verify_token: verifyToken })).status()).toBe(200)

  await page.goto(`${baseUrl()}/apps/chat`)
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await page.getByTestId("chat-box-all").click()
  const igsid = `86${stamp}`
  const wrote = await meta("/dev/meta/page-writes", { page_id: instagramId, from: igsid, text: "Is the blue vase still available?" })
  expect(wrote.status()).toBe(200)
  const conversation = page.locator(`[data-testid=chat-conversation][data-number*="${igsid}"]`)
  await expect(conversation).toBeVisible({ timeout: 5_000 })
  await conversation.click()
  await expect(page.getByTestId("chat-thread")).toContainText("Is the blue vase still available?")

  // Instagram's other kinds reach the open thread: a shared post, a story mention, an unsupported message (a
  // placeholder), the page's reply from the Instagram app (an echo), and the customer's reaction to it.
  const event = (data: Record<string, unknown>) => meta("/dev/meta/page-events", { page_id: instagramId, customer: igsid, ...data })
  expect((await event({ kind: "share", url: "https://www.instagram.com/p/C1vase/" })).status()).toBe(200)
  expect((await event({ kind: "story_mention", url: "https://lookaside.fbsbx.com/ig_messaging_cdn/story" })).status()).toBe(200)
  expect((await event({ kind: "unsupported" })).status()).toBe(200)
  const echo = await event({ kind: "echo", text: "Yes, it is: shall we hold it for you?" })
  const thread = page.getByTestId("chat-thread")
  await expect(thread.getByTestId("chat-message-shared")).toHaveCount(2)
  await expect(thread.getByTestId("chat-message-shared").first()).toHaveAttribute("href", "https://www.instagram.com/p/C1vase/")
  await expect(thread).toContainText("Mentioned you in their story")
  await expect(thread).toContainText("The customer sent a message this console cannot show")
  const reply = thread.locator("[data-testid=chat-message][data-direction=outbound]").filter({ hasText: "shall we hold it" })
  await expect(reply).toContainText("Sent outside the console", { timeout: 10_000 })
  expect((await event({ kind: "reaction", mid: (await echo.json()).data.id, emoji: "👍" })).status()).toBe(200)
  await expect(reply.getByTestId("chat-message-reaction")).toHaveText("👍")
  await shot(page, "channels/instagram-inbox")

  await page.goto(`${baseUrl()}/channels/Instagram`)
  await expect(row).toHaveAttribute("data-subscribed", "true")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.getByTestId("page-title")).toHaveText("إنستغرام")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(row).toContainText("selin.ceramics")
  await expect(page.getByTestId("meta-connection")).toContainText("تسجيل الدخول بفيسبوك")
  await shot(page, "channels/instagram-accounts-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "tr"))
  await page.reload()
  await expect(page.getByTestId("meta-connection")).toContainText("Facebook Girişi ile bağlı")
  await shot(page, "channels/instagram-accounts-tr")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
