/**
 * Quick replies on a ringing call (spec 000 section 4): the agent picks one, it goes out through
 * conversations/send_text, the call ends, 'Sent Successfully!' shows, and the customer's phone (the message simulator)
 * received the text. A WhatsApp call opens the 24-hour window, so no template is needed to answer it.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, callCard, devHeaders, goOnline, login, shot } from "../helpers"

const json = { "content-type": "application/json" }

test("a quick reply on a ringing call reaches the customer, ends the call and says 'Sent Successfully!'", async ({ page }) => {
  await login(page, "agent1")
  await goOnline(page)

  const number = `+90556${String(Date.now()).slice(-6)}`
  const placed = await fetch(`${baseUrl()}/dev/simulator/calls`, {
    method: "POST",
    headers: { ...json, ...devHeaders() },
    body: JSON.stringify({ clientId: 1, number, name: "Quick Reply" }),
  })
  const { callId } = ((await placed.json()) as { data: { callId: string } }).data
  const card = callCard(page, callId)
  await expect(card).toBeVisible()

  await card.getByTestId("call-quick-reply").click()
  await page.getByRole("menuitem", { name: "Can we talk later today?" }).click()
  await expect(page.getByTestId("call-notice")).toContainText("Sent Successfully!")
  await expect(card).toHaveCount(0)
  await shot(page, "calls-quick-reply-sent")

  const phone = await fetch(`${baseUrl()}/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`, {
    headers: devHeaders(),
  })
  const received = ((await phone.json()) as { data: { items: { body: string | null }[] } }).data.items
  expect(received.map((m) => m.body)).toContain("Can we talk later today?")
})
