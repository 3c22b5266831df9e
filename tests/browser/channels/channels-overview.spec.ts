/**
 * The channels overview in Chromium: tenant two's admin connects a WhatsApp number against the server's fake Meta,
 * and /channels shows it connected with its name beside Facebook, Instagram, SMS and web chat, each linking to its
 * page; /channels/sms shows the SMS state and links to the sender names. English and Arabic.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

test("the overview shows a connected WhatsApp number and every other channel's state; the SMS page; Arabic", async ({ page }) => {
  const phoneNumberId = `8${String(Date.now()).slice(-12)}`
  const accessToken = `EAAGoverview${phoneNumberId}`
  const appSecret = "c5e1f0c2d3a4b5c6d7e8f9a0b1c2d3e5"
  const registered = await page.request.post(`${baseUrl()}/dev/meta/numbers`, {
    data: {
      clientId: 2,
      phone_number_id: phoneNumberId,
      display_number: "+1 555 010 5588",
      verified_name: "Garden Overview",
      access_token: accessToken,
      app_secret: appSecret,
    },
    headers: devHeaders(),
  })
  expect(registered.status()).toBe(200)

  await loginTo(page, "admin2", "/channels/Whatsapp")
  await page.getByTestId("whatsapp-phone_number_id").fill(phoneNumberId)
  await page.getByTestId("whatsapp-waba_id").fill("102290129340398")
  await page.getByTestId("whatsapp-display_number").fill("+15550105588")
  await page.getByTestId("whatsapp-access_token").fill(accessToken)
  await page.getByTestId("whatsapp-app_secret").fill(appSecret)
  await page.getByTestId("whatsapp-save").click()
  await expect(page.getByTestId("whatsapp-status")).toHaveText("Connected")

  await page.goto(`${baseUrl()}/channels`)
  await expect(page.getByTestId("page-title")).toHaveText("Channels")
  const card = (channel: string) => page.locator(`[data-testid=channel-card][data-channel=${channel}]`)
  await expect(card("whatsapp").getByTestId("channel-state")).toHaveText("Connected")
  await expect(card("whatsapp").getByTestId("channel-name")).toHaveText("Garden Overview")
  for (const channel of ["facebook", "instagram", "sms", "webchat"]) await expect(card(channel).getByTestId("channel-state")).toBeVisible()
  await expect(card("webchat").getByTestId("channel-state")).toHaveText("Not connected")
  await shot(page, "channels/overview")

  await card("sms").getByTestId("channel-open").click()
  await expect(page).toHaveURL(/\/channels\/sms$/)
  await expect(page.getByTestId("page-title")).toHaveText("SMS channel")
  await expect(page.getByTestId("channel-state")).toBeVisible()
  await expect(page.getByTestId("sms-open-providers")).toHaveAttribute("href", "/apps/company-details/sms-provider")
  await shot(page, "channels/sms")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/channels`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(card("whatsapp").getByTestId("channel-state")).toHaveText("متصل")
  await shot(page, "channels/overview-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
