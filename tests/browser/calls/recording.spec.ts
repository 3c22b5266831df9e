/**
 * Call recording in Chromium: the admin turns "Record calls" on in Configuration, takes a simulated customer's call
 * and ends it; in Call History the call's row has a Recording player whose audio loads with the call's length. The
 * setting is put back off for the other specs (a recorded call's customer hears the announcement first).
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, callCard, goOnline, login, shot } from "../helpers"
import { place } from "./simulated-calls"

const recordCalls = async (page: Page, on: boolean) => {
  const token = await page.evaluate(() => localStorage.getItem("user_token") ?? "")
  const reply = await page.request.post(`${baseUrl()}/api/call/setting`, { headers: { "user-token": token }, data: { record_calls: on } })
  expect(reply.status()).toBe(200)
}

const inLanguage = async (page: Page, language: "en" | "tr" | "ar") => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

test("record calls: a taken call plays back in its Call History row", async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  await login(page, "admin")
  try {
    await page.goto(`${baseUrl()}/apps/company-details/configration`)
    await expect(page.getByTestId("configuration-save")).toBeVisible()
    await expect(page.getByTestId("configuration-record-calls")).not.toBeChecked()
    await expect(page.getByTestId("configuration-recording-days")).toBeDisabled()
    await page.getByTestId("configuration-record-calls").click({ force: true })
    await page.getByTestId("configuration-recording-days").fill("30")
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/call/setting") && r.request().method() === "POST"),
      page.getByTestId("configuration-save").click(),
    ])
    expect(saved.status()).toBe(200)
    expect(await saved.json()).toMatchObject({ data: { record_calls: true, recording_retention_days: 30 } })
    await page.getByTestId("configuration-recording-days").scrollIntoViewIfNeeded()
    await shot(page, "calls/recording-setting-en")

    await goOnline(page)
    const number = `+90555${Date.now().toString().slice(-7)}`
    const callId = await place(number, "Recorded Customer")
    await callCard(page, callId).getByTestId("call-accept").click()
    await expect(callCard(page, callId)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
    await page.waitForTimeout(3000)
    await callCard(page, callId).getByTestId("call-end").click()
    await expect(callCard(page, callId)).toHaveCount(0)

    await page.goto(`${baseUrl()}/apps/call-history`)
    const row = page.locator("[data-testid=call-row]", { has: page.locator("[data-testid=copy-number]", { hasText: number }) })
    await expect(row).toHaveCount(1)
    const audio = row.getByTestId("call-recording")
    await expect(audio).toHaveAttribute("aria-label", `Recording of the call with ${number}`)
    // The player loads the file (through its signed link) and knows its length: about the call's, 3 s and more.
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : 0)), { timeout: 15_000 })
      .toBeGreaterThan(2.5)
    await audio.evaluate((el: HTMLAudioElement) => el.play())
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2)
    await audio.evaluate((el: HTMLAudioElement) => el.pause())
    await audio.scrollIntoViewIfNeeded()
    await shot(page, "calls/recording-history-en")
    for (const language of ["tr", "ar"] as const) {
      await inLanguage(page, language)
      await expect(row.getByTestId("call-recording")).toBeVisible()
      await row.getByTestId("call-recording").scrollIntoViewIfNeeded()
      await shot(page, `calls/recording-history-${language}`)
      await page.goto(`${baseUrl()}/apps/company-details/configration`)
      await expect(page.getByTestId("configuration-record-calls")).toBeChecked()
      await page.getByTestId("configuration-recording-days").scrollIntoViewIfNeeded()
      await shot(page, `calls/recording-setting-${language}`)
      await page.goto(`${baseUrl()}/apps/call-history`)
    }
    await inLanguage(page, "en")
  } finally {
    await recordCalls(page, false)
    await context.close()
  }
})
