/**
 * Orders: a customer orders two cakes from the catalogue on WhatsApp (the simulator's `order` message); the admin
 * finds the order on /admin-orders by its number, sees its items and total priced from the catalogue, confirms it
 * and starts preparing it. Only the moves the order may make are offered (no "delivered" from confirmed, no
 * "cancelled" once shipped); the customer's phone receives each change. The filtered list exports as CSV. Arabic
 * mirrors the screen.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, login, shot } from "../helpers"

const tokenOf = async (page: Page) =>
  (await page.evaluate(() => localStorage.getItem("user_token") ?? localStorage.getItem("userToken") ?? "")).replace(/^"|"$/g, "")

test("an order placed in chat is confirmed, then prepared; refused moves are not offered; the list exports", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const number = `90555${String(Date.now() % 10_000_000).padStart(7, "0")}`
  await login(page, "admin")
  const token = await tokenOf(page)
  const api = (path: string, data: unknown) => page.request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token } })

  // The tenant's product, then the customer's order of two of it.
  const product = await api("/product/insert", {
    sku: `CAKE-${tag}`,
    name: `Chocolate cake ${tag}`,
    price: 1250,
    currency: "USD",
    stock: 10,
    retailer_id: `cake-${tag}`,
  })
  expect(product.status()).toBe(200)
  const placed = await page.request.post(`${baseUrl()}/dev/simulator/messages`, {
    headers: devHeaders(),
    data: {
      clientId: 1,
      channel: "whatsapp",
      number,
      name: `Buyer ${tag}`,
      type: "order",
      order: { product_items: [{ product_retailer_id: `cake-${tag}`, quantity: 2 }] },
    },
  })
  expect(placed.status()).toBeLessThan(300)

  await page.goto(`${baseUrl()}/admin-orders`)
  await expect(page.getByTestId("orders-page")).toBeVisible()
  const searched = page.waitForResponse((r) => r.url().endsWith("/orders") && (r.request().postData() ?? "").includes(number))
  await page.getByTestId("orders-search").fill(number)
  await page.getByTestId("orders-search-submit").click()
  await searched
  const row = page.getByTestId("order-row")
  await expect(row).toHaveCount(1)
  await expect(row.locator("[data-col=status]")).toHaveText("Received")
  await expect(row.locator("[data-col=total]")).toHaveText("$25.00")
  await expect(row.locator("[data-col=items]")).toHaveText(`2 × Chocolate cake ${tag}`)
  await shot(page, "orders/orders-en")

  await row.locator("[data-col=customer]").click()
  const dialog = page.getByTestId("order-dialog")
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId("order-item")).toHaveCount(1)
  await expect(dialog.getByTestId("order-total")).toHaveText("$25.00")
  await expect(dialog.getByTestId("order-move-confirmed")).toBeVisible()
  await expect(dialog.getByTestId("order-move-delivered")).toHaveCount(0)

  await dialog.getByTestId("order-move-confirmed").click()
  await expect(dialog.getByTestId("order-status")).toHaveText("Confirmed")
  // From confirmed: preparing or cancelled only; the refused jumps are not offered.
  await expect(dialog.getByTestId("order-move-preparing")).toBeVisible()
  await expect(dialog.getByTestId("order-move-cancelled")).toBeVisible()
  await expect(dialog.getByTestId("order-move-confirmed")).toHaveCount(0)
  await expect(dialog.getByTestId("order-move-shipped")).toHaveCount(0)
  await expect(dialog.getByTestId("order-move-delivered")).toHaveCount(0)

  await dialog.getByTestId("order-move-preparing").click()
  await expect(dialog.getByTestId("order-status")).toHaveText("Preparing")
  await expect(dialog.getByTestId("order-move-shipped")).toBeVisible()
  await expect(dialog.getByTestId("order-move-preparing")).toHaveCount(0)
  await shot(page, "orders/order-dialog-en")
  await dialog.getByTestId("order-close").click()
  // The list reloaded with what the server kept.
  await expect(row.locator("[data-col=status]")).toHaveText("Preparing")

  // The server refuses the move the screen does not offer (preparing → delivered), naming the current status.
  const orders = await (await api("/orders", { search: number })).json()
  const refused = await api("/order/update/status", { id: orders.data.items[0].id, status: "delivered" })
  expect(refused.status()).toBe(409)

  // The customer's phone got each change.
  await expect
    .poll(async () => {
      const got = await page.request.get(`${baseUrl()}/dev/simulator/messages?clientId=1&channel=whatsapp&number=${number}`, {
        headers: devHeaders(),
      })
      return JSON.stringify(await got.json())
    })
    .toContain("is being prepared")

  // The filtered list as CSV: the header and this one order.
  const download = page.waitForEvent("download")
  await page.getByTestId("orders-export").click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^orders_\d{4}-\d{2}-\d{2}_to_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await (await import("node:fs/promises")).readFile(await file.path())).toString("utf8").replace(/^\uFEFF/, "")
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toBe("Order,Placed,Customer,Number,Items,Total,Currency,Status")
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain("25.00,USD,preparing")

  // Arabic: the same screen right to left.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الطلبات")
  const again = page.waitForResponse((r) => r.url().endsWith("/orders") && (r.request().postData() ?? "").includes(number))
  await page.getByTestId("orders-search").fill(number)
  await page.getByTestId("orders-search-submit").click()
  await again
  // The answer is in; the unfiltered list may still be on screen until it renders.
  await expect(row).toHaveCount(1)
  await expect(row.locator("[data-col=status]")).toHaveText("قيد التحضير")
  await shot(page, "orders/orders-ar")
  await row.locator("[data-col=customer]").click()
  await expect(dialog.getByTestId("order-move-shipped")).toHaveText("تعليم كمشحون")
  await shot(page, "orders/order-dialog-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
