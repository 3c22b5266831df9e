/** What the chat inbox specs share: the channel simulator's customer and phone, and the inbox's usual moves. */
import { expect, type Page } from "@playwright/test"
import { baseUrl, devHeaders, login } from "../helpers"

export const SHOTS = ".tmp/screenshots/h3"
let counter = 0
/** A number no other test (or earlier run on the same server) has used. */
export const freshNumber = () => `90555${String(Date.now()).slice(-6)}${counter++ % 10}`

export const customerWrites = async (page: Page, number: string, text: string, extra: Record<string, unknown> = {}) => {
  const response = await page.request.post(`${baseUrl()}/dev/simulator/messages`, {
    data: { clientId: 1, channel: "whatsapp", number, name: `Customer ${number.slice(-4)}`, text, ...extra },
    headers: devHeaders(),
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: { conversationId: number; messageId: number } }).data
}

export const phoneOf = async (page: Page, number: string) => {
  const response = await page.request.get(`${baseUrl()}/dev/simulator/messages?clientId=1&channel=whatsapp&number=${number}`, {
    headers: devHeaders(),
  })
  expect(response.status()).toBe(200)
  return (
    (await response.json()) as {
      data: { items: { id: number; external_id: string; type: string; body: string | null; status: string }[] }
    }
  ).data.items
}

export const openInbox = async (page: Page, user = "agent1") => {
  await login(page, user)
  await page.goto(`${baseUrl()}/apps/chat`)
  await expect(page.getByTestId("chat-inbox")).toBeVisible()
  await expect(page.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
}

export const row = (page: Page, number: string) => page.locator(`[data-testid=chat-conversation][data-number="${number}"]`)

/** A 1x1 PNG: enough for the upload, the link and the phone. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")

export const take = async (page: Page) => {
  await page.getByTestId("chat-take").click()
  await expect(page.getByTestId("chat-input")).toBeVisible()
}

/** An inbound conversation opened in the "all" box and taken by the signed-in agent. */
export const newTakenConversation = async (page: Page, text = "Hi there") => {
  const number = freshNumber()
  await page.getByTestId("chat-box-all").click()
  await customerWrites(page, number, text)
  await row(page, number).click()
  await take(page)
  return number
}
