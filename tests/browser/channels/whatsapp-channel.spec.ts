/**
 * Connecting a WhatsApp Cloud API number in Chromium against the server's fake Meta (the production adapter, signed
 * webhooks): tenant two's admin enters the number's ids, token and app secret, sees it connected with the webhook URL
 * and verify token to paste; Meta's console takes them; a customer writes and the message appears in the inbox.
 * The customer then sends a photo: the server fetches it from Meta (a job on the queue) and the thread shows the picture;
 * a sticker over Meta's size limit shows as unavailable.
 * A revoked token shows as failing with Meta's reason after "Test connection". Arabic mirrors the page.
 * Tenant two: tenant one's WhatsApp stays on the built-in simulator the other specs use.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

/** A 96×64 PNG of blue and yellow squares: what the customer's phone uploads to Meta. */
const PHOTO =
  "iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAhklEQVR42u3aMQ0AMAgEQOSgruoqonIqoRoYoZf8/Ak3foi7s5Rcp5Tu/QEIECBAgAABAgQIECBAgAABAjQM6LeDq/2AAAECBAgQIECAAAECBAgQIEDTgAxmFkVAgAABAgQIECBAgAABAgQIkP8gg5lFERAgQIAAAQIECBAgQIAAAQI0FugBi1/6LOwRE5UAAAAASUVORK5CYII="

test("connect a WhatsApp number against the simulated Meta and receive a customer's message in the inbox; Arabic", async ({ page }) => {
  const phoneNumberId = `7${String(Date.now()).slice(-12)}`
  const accessToken = `EAAGbrowser${phoneNumberId}`
  const appSecret = "b5e1f0c2d3a4b5c6d7e8f9a0b1c2d3e4"
  const meta = (path: string, data: Record<string, unknown>) =>
    page.request.post(`${baseUrl()}${path}`, { data: { clientId: 2, ...data }, headers: devHeaders() })
  expect(
    (
      await meta("/dev/meta/numbers", {
        phone_number_id: phoneNumberId,
        display_number: "+1 555 010 4477",
        verified_name: "Omar's Garden",
        access_token: accessToken,
        app_secret: appSecret,
      })
    ).status(),
  ).toBe(200)

  await loginTo(page, "admin2", "/channels/Whatsapp")
  await expect(page.getByTestId("page-title")).toHaveText("WhatsApp")
  const status = page.getByTestId("whatsapp-status")
  await expect(status).toHaveText(/Not connected|Connected|Failing/)

  await page.getByTestId("whatsapp-phone_number_id").fill(phoneNumberId)
  await page.getByTestId("whatsapp-waba_id").fill("102290129340398")
  await page.getByTestId("whatsapp-display_number").fill("+15550104477")
  await page.getByTestId("whatsapp-access_token").fill(accessToken)
  await page.getByTestId("whatsapp-app_secret").fill("short")
  await page.getByTestId("whatsapp-save").click()
  await expect(page.getByTestId("whatsapp-problem")).toContainText("App secret does not look right")
  await page.getByTestId("whatsapp-app_secret").fill(appSecret)
  await page.getByTestId("whatsapp-save").click()
  await expect(status).toHaveText("Connected")
  await expect(page.getByTestId("whatsapp-name")).toHaveText("Omar's Garden")
  await expect(page.getByTestId("whatsapp-access_token")).toHaveValue("")
  await expect(page.getByTestId("whatsapp-state")).not.toContainText(accessToken)
  const webhookUrl = await page.getByTestId("whatsapp-webhook-url").inputValue()
  const verifyToken = await page.getByTestId("whatsapp-verify-token").inputValue()
  expect(webhookUrl).toMatch(/\/hooks\/meta\//)
  await shot(page, "channels/whatsapp-connected")

  // Pasted in Meta's console: Meta checks the URL with the verify token, then posts signed webhooks to it.
  expect(
    (await meta("/dev/meta/numbers", { phone_number_id: phoneNumberId, callback_url: webhookUrl, verify_token: verifyToken })).status(),
  ).toBe(200)

  await page.goto(`${baseUrl()}/apps/chat`)
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await page.getByTestId("chat-box-all").click()
  const customer = `1650555${phoneNumberId.slice(-4)}`
  const started = Date.now()
  const wrote = await meta("/dev/meta/customer-writes", {
    phone_number_id: phoneNumberId,
    from: customer,
    name: "Leyla",
    text: "Do you deliver on Sundays?",
  })
  expect(wrote.status()).toBe(200)
  const row = page.locator(`[data-testid=chat-conversation][data-number="+${customer}"]`)
  await expect(row).toBeVisible({ timeout: 3_000 })
  console.log(`[channels] Meta webhook in -> agent's screen after ${Date.now() - started} ms`)
  await row.click()
  await expect(page.getByTestId("chat-thread")).toContainText("Do you deliver on Sundays?")

  // A photo: Meta's webhook names only a media id; the server downloads it and the thread shows the picture.
  const uploaded = await meta("/dev/meta/media", { phone_number_id: phoneNumberId, mime_type: "image/png", data_base64: PHOTO })
  expect(uploaded.status()).toBe(200)
  const media = (await uploaded.json()).data as { id: string; sha256: string }
  const photo = await meta("/dev/meta/customer-writes", {
    phone_number_id: phoneNumberId,
    from: customer,
    name: "Leyla",
    message: { type: "image", image: { id: media.id, mime_type: "image/png", sha256: media.sha256, caption: "This pot, in blue?" } },
  })
  expect(photo.status()).toBe(200)
  const picture = page.getByTestId("chat-thread").getByTestId("chat-media-thumb").locator("img")
  await expect(picture).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(96)
  await expect(page.getByTestId("chat-thread")).toContainText("This pot, in blue?")
  // A sticker over Meta's 100 KB limit for static stickers is refused: the thread says the media is unavailable.
  const sticker = Buffer.alloc(150 * 1024)
  sticker.write("RIFF", 0, "latin1")
  sticker.write("WEBP", 8, "latin1")
  const big = (
    await (
      await meta("/dev/meta/media", { phone_number_id: phoneNumberId, mime_type: "image/webp", data_base64: sticker.toString("base64") })
    ).json()
  ).data as { id: string; sha256: string }
  await meta("/dev/meta/customer-writes", {
    phone_number_id: phoneNumberId,
    from: customer,
    name: "Leyla",
    message: { type: "sticker", sticker: { id: big.id, mime_type: "image/webp", sha256: big.sha256, animated: false } },
  })
  await expect(page.getByTestId("chat-thread").getByTestId("chat-media-unavailable")).toHaveText("Image: Media unavailable", {
    timeout: 15_000,
  })
  await shot(page, "channels/whatsapp-inbox")

  // Meta stops accepting the token: "Test connection" shows the channel failing, with Meta's reason.
  expect((await meta("/dev/meta/numbers", { phone_number_id: phoneNumberId, access_token: "EAAGrevokedToken0001" })).status()).toBe(200)
  await page.goto(`${baseUrl()}/channels/Whatsapp`)
  await page.getByTestId("whatsapp-test").click()
  await expect(status).toHaveText("Failing")
  await expect(page.getByTestId("whatsapp-error")).toContainText("Meta refused the access token (Meta 190)")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.getByTestId("page-title")).toHaveText("واتساب")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("whatsapp-status")).toHaveText(/متعطّل|متصل/)
  await shot(page, "channels/whatsapp-ar")
})
