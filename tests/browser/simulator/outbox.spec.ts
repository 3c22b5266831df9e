/** The simulator page's mail outbox in Chromium: a mailed MAU report is listed newest first, and the next one arrives live. */
import { expect, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

test("Simulator: the development outbox shows mail the server kept, newest first, live", async ({ page, request }) => {
  const body = (await login(page, "admin")) as unknown as { user_token: string }
  const headers = { "user-token": body.user_token }
  const month = (await (await request.get(`${baseUrl()}/api/messages/mau`, { headers })).json()).data.month as string
  const mail = async (to: string) => {
    const reply = await request.post(`${baseUrl()}/api/send/mail/mau`, { headers, data: { month, email: to } })
    expect(reply.status()).toBe(200)
  }
  const first = `first-${Date.now().toString(36)}@acme.example`
  await mail(first)
  await page.goto(`${baseUrl()}/apps/simulator`)
  const outbox = page.getByTestId("sim-outbox")
  const newest = outbox.getByTestId("sim-outbox-mail").first()
  await expect(newest.getByTestId("sim-outbox-to")).toHaveText(first)
  await expect(newest.getByTestId("sim-outbox-subject")).toHaveText(`Monthly active users, ${month}`)
  await expect(newest.getByTestId("sim-outbox-body")).toContainText("Acme Retail")

  // The next mail appears on its own (the outbox is read every 3 s), above the first.
  const second = `second-${Date.now().toString(36)}@acme.example`
  await mail(second)
  await expect(newest.getByTestId("sim-outbox-to")).toHaveText(second, { timeout: 8_000 })
  await expect(outbox.getByTestId("sim-outbox-mail").nth(1).getByTestId("sim-outbox-to")).toHaveText(first)
  await outbox.scrollIntoViewIfNeeded()
  await shot(page, "simulator/outbox-en")
})
