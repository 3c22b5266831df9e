/**
 * An agent sends the tenant's products from the chat composer: agent1 takes a WhatsApp conversation, opens
 * the Product picker, finds a product by a misspelt search, ticks it, sees the preview and sends; the thread shows
 * it with its price and the customer's phone receives it. Two products go as one product list. Arabic mirrors the
 * picker.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"
import { newTakenConversation, openInbox, phoneOf, row } from "../chat/chat-inbox-helpers"

const tag = Date.now().toString(36)
const cake = `Pistachio cake ${tag}`
const tart = `Lemon tart ${tag}`

test.beforeAll(async ({ browser }) => {
  const admin = await browser.newPage()
  await login(admin, "admin")
  const token = (await admin.evaluate(() => localStorage.getItem("user_token") ?? localStorage.getItem("userToken") ?? "")).replace(
    /^"|"$/g,
    "",
  )
  for (const [sku, name, price] of [
    [`PC-${tag}`, cake, 1250],
    [`LT-${tag}`, tart, 375],
  ] as const) {
    const made = await admin.request.post(`${baseUrl()}/api/product/insert`, {
      data: { sku, name, price, currency: "USD", stock: 4, description: "Made today" },
      headers: { "user-token": token },
    })
    expect(made.status()).toBe(200)
  }
  await admin.close()
})

const openPicker = async (page: Page, search: string) => {
  await page.getByTestId("chat-products-open").click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toBeVisible()
  const answered = page.waitForResponse((r) => r.url().endsWith("/chat/products") && (r.request().postData() ?? "").includes(search))
  await dialog.getByTestId("chat-products-search").fill(search)
  await answered
  await expect(dialog.getByTestId("chat-products-list")).toHaveAttribute("data-loading", "false")
  return dialog
}

const pick = (page: Page, name: string) => page.getByTestId("chat-product-item").filter({ hasText: name }).locator("label").click()

test("an agent picks a product in the composer, sends it, and the customer's phone receives it", async ({ page }) => {
  test.setTimeout(120_000)
  await openInbox(page, "agent1")
  const number = await newTakenConversation(page, "Do you have cakes?")

  // A misspelt search still finds the cake (trigram); the tart is not shown for it.
  const dialog = await openPicker(page, `pistacho cake ${tag}`)
  await expect(dialog.getByTestId("chat-product-item").first()).toContainText(cake)
  await expect(dialog.getByTestId("chat-product-item").first()).toContainText("$12.50")
  await pick(page, cake)
  await expect(dialog.getByTestId("chat-products-preview")).toContainText(cake)
  await expect(dialog.getByTestId("chat-products-count")).toHaveText("Picked: 1 of at most 10")
  await shot(page, "chat/composer-products-en")
  await dialog.getByTestId("chat-products-send").click()
  await expect(dialog).toBeHidden()

  const sent = page.getByTestId("chat-message").filter({ hasText: cake }).last()
  await expect(sent).toContainText("12.50 USD")
  await expect(sent).not.toHaveAttribute("data-message-id", /^-/, { timeout: 15_000 })
  await expect
    .poll(async () => (await phoneOf(page, number)).map((m) => m.body), { timeout: 15_000 })
    .toContainEqual(`${cake}\n12.50 USD\nMade today`)

  // Two products go as one list message: the thread shows each as a row button.
  const both = await openPicker(page, tag)
  await pick(page, cake)
  await pick(page, tart)
  await expect(both.getByTestId("chat-products-preview")).toContainText("a list of 2 products")
  await both.getByTestId("chat-products-send").click()
  const list = page.getByTestId("chat-message").filter({ hasText: "Our products:" }).last()
  await expect(list.locator(".mc-bubble-button")).toHaveText([`${cake.slice(0, 19)}…`, tart])
  await expect.poll(async () => (await phoneOf(page, number)).map((m) => m.type), { timeout: 15_000 }).toEqual(["text", "interactive"])
  await shot(page, "chat/composer-products-sent-en")

  // Arabic: the picker mirrors.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.getByTestId("chat-box-all").click()
  await row(page, number).click()
  const arabic = await openPicker(page, tag)
  await pick(page, tart)
  await expect(arabic.getByTestId("chat-products-count")).toHaveText("المحدد: 1 من 10 كحد أقصى")
  await shot(page, "chat/composer-products-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
