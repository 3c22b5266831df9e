/**
 * Client webhooks in Chromium against the real server and its job queue: an admin adds a webhook pointing at a tiny
 * local receiver (started here) that fails the first request and then recovers, copies the secret shown once, sends a
 * test event, and the delivery log shows the failed attempt (500) and then the retry's success (200); Arabic mirrors.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("Client webhooks: a receiver that fails then recovers, seen in the delivery log; secret shown once; Arabic", async ({ page }) => {
  const received: { id: string; attempt: string; signature: string }[] = []
  const receiver = createServer((req, res) => {
    req.resume()
    req.on("end", () => {
      received.push({
        id: String(req.headers["x-webhook-id"]),
        attempt: String(req.headers["x-webhook-attempt"]),
        signature: String(req.headers["x-webhook-signature"]),
      })
      res.writeHead(received.length === 1 ? 500 : 200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`
  try {
    await loginTo(page, "admin", "/apps/client-webhook")
    await expect(page.getByTestId("page-title")).toHaveText("Client webhooks")

    const dialog = page.getByTestId("webhook-dialog")
    await page.getByTestId("webhooks-new").click()
    await dialog.getByTestId("webhook-url-input").fill("ftp://nowhere")
    await dialog.getByTestId("webhook-dialog-save").click()
    await expect(dialog).toContainText("Enter a full http(s) URL.")
    await dialog.getByTestId("webhook-url-input").fill(url)
    await dialog.getByTestId("webhook-event-ticket.created").check({ force: true })
    await dialog.getByTestId("webhook-event-call.ended").check({ force: true })
    await dialog.getByTestId("webhook-dialog-save").click()
    await expect(dialog).toHaveCount(0)
    const secret = page.getByTestId("webhook-secret")
    await expect(secret).toHaveValue(/^whsec_/)
    const value = await secret.inputValue()
    await shot(page, "webhooks/secret-once")
    await page.getByTestId("webhook-secret-done").click()
    await expect(secret).toHaveCount(0)

    await page.getByTestId("webhooks-search").fill(url)
    await page.getByTestId("webhooks-search").press("Enter")
    const row = page.getByTestId("webhook-row")
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId("webhook-url")).toHaveText(url)
    await expect(row).toContainText(`Secret …${value.slice(-4)}`)

    await row.getByTestId("webhook-log").click()
    await row.getByTestId("webhook-test").click()
    const log = page.getByTestId("webhook-deliveries-table").getByTestId("delivery-row")
    // The first attempt fails (500); the queue retries after its backoff and the log, refreshing itself, shows both.
    await expect(log).toHaveCount(2, { timeout: 20_000 })
    await expect(log.nth(0).getByTestId("delivery-result")).toContainText("200")
    await expect(log.nth(1).getByTestId("delivery-result")).toContainText("500")
    await expect(log.nth(1)).toContainText("HTTP 500")
    expect(received.map((r) => r.attempt)).toEqual(["1", "2"])
    expect(received[0].id).toBe(received[1].id)
    expect(received[1].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    await expect(row).toContainText("200")
    await expect(secret).toHaveCount(0)
    await shot(page, "webhooks/delivery-log-en")

    await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
    await page.reload()
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByTestId("page-title")).toHaveText("خطافات الويب للعميل")
    await page.getByTestId("webhooks-search").fill(url)
    await page.getByTestId("webhooks-search").press("Enter")
    // The seeded receiver's row goes once the search has answered.
    await expect(row).toHaveCount(1)
    await row.getByTestId("webhook-log").click()
    await expect(log).toHaveCount(2)
    await shot(page, "webhooks/delivery-log-ar")
    await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
    await page.reload()
    await page.getByTestId("webhooks-search").fill(url)
    await page.getByTestId("webhooks-search").press("Enter")
    await expect(row).toHaveCount(1)

    // Tidy up: the seeded tenant keeps no test webhook.
    await row.getByTestId("webhook-row-delete").click()
    await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
    await expect(page.getByTestId("webhooks-table").getByTestId("webhook-row")).toHaveCount(0)
  } finally {
    receiver.closeAllConnections()
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
})
