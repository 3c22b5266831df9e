/**
 * A visitor waiting in the queue sees their place fall as agents take earlier conversations (routing/queue.ts, the
 * widget's `queue` line, webchat/queue-display.ts): two WhatsApp customers write first, the visitor writes from a site
 * the tenant allows and sees their number in the queue; agent1 takes the two earlier conversations in the inbox, and
 * the visitor's number falls each time, then the line goes once agent1 takes the visitor's. In English and Arabic.
 */
import { createServer, type Server } from "node:http"
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

const DIR = "webchat"

const hostSite = async (snippet: string, lang: "en" | "ar"): Promise<{ server: Server; origin: string }> => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(`<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Shop</h1>${snippet}</body></html>`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  return { server, origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` }
}

/** The number the widget's queue line says the visitor is (null when it shows none). */
const placeOf = async (page: Page) => {
  const line = page.getByTestId("webchat-queue")
  if (!(await line.isVisible())) return null
  return Number(/(\d+)/.exec((await line.textContent()) ?? "")?.[1] ?? Number.NaN)
}

test("a visitor sees their place in the queue fall as agent1 takes the earlier conversations", async ({ browser }) => {
  test.setTimeout(180_000)
  const admin = await browser.newPage()
  await loginTo(admin, "admin", "/channels/webchat-btn")
  await expect(admin.getByTestId("webchat-settings")).toBeVisible({ timeout: 20_000 })
  const snippet = await admin.getByTestId("webchat-snippet-code").inputValue()
  const sites = { en: await hostSite(snippet, "en"), ar: await hostSite(snippet, "ar") }
  for (const site of Object.values(sites)) {
    await admin.getByTestId("webchat-origin-input").fill(site.origin)
    await admin.getByTestId("webchat-origin-add").click()
    await expect(admin.getByTestId("webchat-origin").filter({ hasText: site.origin })).toBeVisible()
  }
  const enabled = admin.locator("label", { hasText: "Widget switched on" }).locator("input")
  if (!(await enabled.isChecked())) await admin.locator("label", { hasText: "Widget switched on" }).click()
  await admin.getByTestId("webchat-prechat-name").selectOption("off")
  await admin.getByTestId("webchat-prechat-email").selectOption("off")
  await admin.getByTestId("webchat-save").click()
  await expect(admin.getByTestId("webchat-saved")).toHaveText("Web chat saved")
  await admin.close()

  // Two WhatsApp customers write first: they wait ahead of the visitors.
  const stamp = Date.now().toString().slice(-6)
  const earlier = [`+9055541${stamp}1`, `+9055541${stamp}2`]
  const agent = await browser.newPage()
  for (const number of earlier) {
    const wrote = await agent.request.post(`${baseUrl()}/dev/simulator/messages`, {
      headers: devHeaders(),
      data: { clientId: 1, channel: "whatsapp", number, text: "Is anyone there?" },
    })
    expect(wrote.status()).toBe(200)
  }

  // Two visitors, one on an English page and one on an Arabic page, each writes and sees their place.
  const visitors: Record<"en" | "ar", Page> = {
    en: await (await browser.newContext()).newPage(),
    ar: await (await browser.newContext()).newPage(),
  }
  for (const [lang, page] of Object.entries(visitors) as ["en" | "ar", Page][]) {
    await page.goto(sites[lang].origin)
    await expect(page.locator("[data-webchat]")).toHaveAttribute("data-state", "ready", { timeout: 15_000 })
    await page.locator("[data-webchat] .launcher").click()
    const input = page.locator("[data-webchat] textarea")
    await input.fill(lang === "en" ? "Do you ship to Izmir?" : "هل تشحنون إلى إزمير؟")
    await input.press("Enter")
    await expect(page.getByTestId("webchat-queue")).toBeVisible({ timeout: 15_000 })
  }
  await expect(visitors.en.getByTestId("webchat-queue")).toContainText("in the queue")
  await expect(visitors.ar.getByTestId("webchat-queue")).toContainText("في قائمة الانتظار")
  await expect(visitors.ar.locator("[data-webchat] .root")).toHaveAttribute("dir", "rtl")
  await shot(visitors.en, `${DIR}/queue-position-en`)
  await shot(visitors.ar, `${DIR}/queue-position-ar`)
  const start = (await placeOf(visitors.en))!
  expect(start).toBeGreaterThanOrEqual(3)
  expect(await placeOf(visitors.ar)).toBe(start + 1)

  // agent1 takes the earlier conversations one by one: each time the visitors' places fall.
  await loginTo(agent, "agent1", "/apps/chat")
  await expect(agent.getByTestId("chat-inbox")).toHaveAttribute("data-connection", "connected")
  await agent.getByTestId("chat-box-unassigned").click()
  let place = start
  for (const number of earlier) {
    const row = agent.locator(`[data-testid=chat-conversation][data-number="${number}"]`)
    await expect(row).toBeVisible({ timeout: 10_000 })
    await row.click()
    await agent.getByTestId("chat-take").click()
    await expect.poll(() => placeOf(visitors.en), { timeout: 15_000 }).toBeLessThan(place)
    place = (await placeOf(visitors.en))!
    await expect.poll(() => placeOf(visitors.ar), { timeout: 15_000 }).toBe(place + 1)
  }
  expect(place).toBeLessThanOrEqual(start - 2)
  await shot(visitors.en, `${DIR}/queue-position-fallen-en`)

  // Taken by agent1: the English visitor's line goes; the Arabic visitor, behind, moves up.
  const visitorId = (
    (await visitors.en.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("webchat:"))?.[1])) ?? ""
  ).split(".")[2]
  await agent.getByTestId("chat-box-unassigned").click()
  const row = agent.locator(`[data-testid=chat-conversation][data-number="${visitorId}"]`)
  await expect(row).toBeVisible({ timeout: 10_000 })
  await row.click()
  await agent.getByTestId("chat-take").click()
  await expect(visitors.en.getByTestId("webchat-queue")).toBeHidden({ timeout: 15_000 })
  await expect.poll(() => placeOf(visitors.ar), { timeout: 15_000 }).toBeLessThanOrEqual(place)
  for (const site of Object.values(sites)) site.server.close()
})
