/**
 * A call waiting in the agents' queue, in Chromium against the real server: agent1 (the only agent online) is on a
 * call, so a second customer's call waits instead of being missed; the admin's queue lists it as a call with its
 * place among calls and a running wait (in English, Turkish and Arabic, mirrored), and once agent1's call ends it
 * rings agent1 and the queue says so. The serving order and the ring time: server/features/calls/call-state.test.ts.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, callCard, goOnline, login, setPresence, shot } from "../helpers"
import { hangUpPlaced, place } from "../calls/simulated-calls"

test.afterEach(hangUpPlaced)

const callRow = (page: Page, callId: string) => page.locator(`[data-testid=routing-call][data-call="${callId}"]`)

test("a call finding every online agent busy waits in the queue, then rings the agent freed; Turkish, Arabic", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  try {
    const agent = await context.newPage()
    await login(agent, "agent1")
    await goOnline(agent)
    // The admin watches the queue offline, so agent1 is the only one who could take a call.
    await login(page, "admin")
    await setPresence(page, false)

    const first = await place("+905550000411")
    await callCard(agent, first).getByTestId("call-accept").click()
    await expect(callCard(agent, first)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })

    const second = await place("+905550000412", "Selin Waits")
    await page.goto(`${baseUrl()}/apps/queue`)
    const row = callRow(page, second)
    await expect(row).toHaveAttribute("data-position", "1")
    await expect(row).toHaveAttribute("data-ringing", "false")
    await expect(row).toContainText("Selin Waits")
    await expect(row.getByTestId("routing-call-state")).toHaveText("Waiting for a free agent")
    const waited = Number(await row.getByTestId("routing-waiting").getAttribute("data-seconds"))
    await expect.poll(async () => Number(await row.getByTestId("routing-waiting").getAttribute("data-seconds"))).toBeGreaterThan(waited)
    await expect(callCard(agent, second)).toHaveCount(0)
    await shot(page, "routing/queue-call")

    for (const [language, dir] of [
      ["tr", "ltr"],
      ["ar", "rtl"],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem("i18nextLng", l), language)
      await page.reload()
      await expect(page.locator("html")).toHaveAttribute("dir", dir)
      await expect(callRow(page, second)).toBeVisible()
      await shot(page, `routing/queue-call-${language}`)
    }
    await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
    await page.reload()

    // agent1's call ends: the waiting call rings them, and the queue shows it ringing.
    await callCard(agent, first).getByTestId("call-end").click()
    await expect(callCard(agent, second)).toBeVisible()
    await expect(callRow(page, second)).toHaveAttribute("data-ringing", "true")
  } finally {
    await context.close()
  }
})
