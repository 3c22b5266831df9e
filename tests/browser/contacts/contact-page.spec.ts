/**
 * A contact's page in Chromium against the real server: a customer who wrote in (through the channel simulator) is
 * opened from the contact book; an attribute is added and saved, a save that never reached the server keeps the draft
 * and says so, a reload shows the saved value; the page lists the customer's conversation and "Open chat" lands on it
 * in /apps/chat. Arabic mirrors the drawer.
 */
import { expect, type Page, test } from "@playwright/test"
import { customerWrites, freshNumber } from "../chat/chat-inbox-helpers"
import { baseUrl, login, shot } from "../helpers"
import { api } from "./contacts-api.testing"

const openContact = async (page: Page, number: string) => {
  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByTestId("contacts-search").fill(number)
  await page.getByTestId("contacts-search").press("Enter")
  await expect(page.getByTestId("contact-row")).toHaveCount(1)
  await page.getByTestId("contact-open").click()
  await expect(page.getByTestId("contact-page")).toBeVisible()
  await expect(page.getByTestId("contact-page-number")).toHaveText(number)
}

test("contact page: edit an attribute, keep it across a failed save and a reload, open the chat (English and Arabic)", async ({ page }) => {
  const number = freshNumber()
  const text = `Where is my order ${number.slice(-4)}?`
  const { conversationId } = await customerWrites(page, number, text)
  await login(page, "admin")
  await openContact(page, number)

  const drawer = page.getByTestId("contact-page")
  await expect(drawer.getByTestId("contact-conversation")).toHaveCount(1)
  await expect(drawer.getByTestId("contact-conversation")).toContainText(text)
  await expect(drawer.getByTestId("contact-save")).toBeDisabled()

  await drawer.getByTestId("contact-attribute-add").click()
  const row = drawer.getByTestId("contact-attribute").last()
  await row.getByTestId("contact-attribute-value").fill("Izmir")
  await expect(drawer.getByTestId("contact-attribute-problem")).toHaveText(/give the attribute a name/)
  await expect(drawer.getByTestId("contact-save")).toBeDisabled()
  await row.getByTestId("contact-attribute-key").fill("city")
  await expect(drawer.getByTestId("contact-attribute-problem")).toHaveCount(0)

  // The connection drops during the save: a clear error, and nothing typed is lost.
  await page.route("**/api/backend/user/*/attributes", (route) => route.abort("connectionreset"))
  await drawer.getByTestId("contact-save").click()
  await expect(drawer.getByTestId("contact-save-error")).toContainText("Nothing was saved; your changes are still here.")
  await expect(row.getByTestId("contact-attribute-key")).toHaveValue("city")
  await expect(row.getByTestId("contact-attribute-value")).toHaveValue("Izmir")
  await page.unroute("**/api/backend/user/*/attributes")

  const [saved] = await Promise.all([
    page.waitForResponse((r) => /\/api\/backend\/user\/\d+\/attributes$/.test(r.url()) && r.request().method() === "PUT"),
    drawer.getByTestId("contact-save").click(),
  ])
  expect(saved.status()).toBe(200)
  expect(saved.request().postDataJSON()).toEqual({ attributes: { city: "Izmir" } })
  await expect(drawer.getByTestId("contact-save-error")).toHaveCount(0)
  await expect(page.getByTestId("contact-saved")).toHaveText("Attributes saved")
  await expect(drawer.getByTestId("contact-save")).toBeDisabled()
  await expect(page.getByTestId("contact-row")).toContainText("city: Izmir")
  await shot(page, "contacts/contact-page-en")

  await page.reload()
  await openContact(page, number)
  await expect(drawer.getByTestId("contact-attribute-key")).toHaveValue("city")
  await expect(drawer.getByTestId("contact-attribute-value")).toHaveValue("Izmir")

  await drawer.getByTestId("contact-open-chat").click()
  await page.waitForURL((url) => url.pathname === "/apps/chat")
  await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-id", String(conversationId))
  await expect(page.getByTestId("chat-thread")).toContainText(text)

  // Ctrl+K finds the customer by number from the chat: their conversation and their contact; the contact opens its
  // page in the contact book.
  await page.keyboard.press("Control+k")
  await page.getByTestId("jump-input").fill(number.slice(-8))
  const contactOption = page.locator("[data-testid=jump-option][data-contact]")
  await expect(contactOption).toHaveCount(1)
  await expect(page.locator("[data-testid=jump-option][data-conversation]")).toHaveCount(1)
  await contactOption.click()
  await page.waitForURL((url) => url.pathname === "/apps/contacts/all")
  await expect(drawer).toBeVisible()
  await expect(page.getByTestId("contact-page-number")).toHaveText(number)
  await expect(drawer.getByTestId("contact-attribute-value")).toHaveValue("Izmir")
  await page.keyboard.press("Escape")
  await expect(drawer).toHaveCount(0)

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await openContact(page, number)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(drawer.getByTestId("contact-open-chat")).toHaveText("فتح المحادثة")
  await expect(page.getByTestId("contact-row")).toContainText("واتساب")
  await expect(drawer.getByTestId("contact-conversation")).toContainText("غير مُسنَدة")
  await shot(page, "contacts/contact-page-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("contact page: a closed conversation is listed as closed and Open chat shows its transcript", async ({ page }) => {
  const number = freshNumber()
  const text = `Thanks, solved ${number.slice(-4)}`
  const { conversationId } = await customerWrites(page, number, text)
  await login(page, "admin")
  await api(page, "/chat/close", { conversation_id: conversationId })
  await openContact(page, number)
  const drawer = page.getByTestId("contact-page")
  await expect(drawer.getByTestId("contact-conversation")).toHaveCount(1)
  await expect(drawer.getByTestId("contact-conversation")).toContainText("Closed")
  await drawer.getByTestId("contact-open-chat").click()
  await page.waitForURL((url) => url.pathname === "/apps/chat")
  await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-id", String(conversationId))
  await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-status", "closed")
  await expect(page.getByTestId("chat-thread")).toContainText(text)
})
