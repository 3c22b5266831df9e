/**
 * The company sub-page configration in Chromium: a bad cap and a bad number of agents rung at once are refused before
 * any call; working hours that exclude
 * now and an away message, once saved, reach a simulated customer who writes in; the values are there after a
 * reload; Arabic mirrors. The tenant's hours and away message are put back for the other specs.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const

const phoneOf = async (page: Page, number: string) => {
  const reply = await page.request.get(
    `${baseUrl()}/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`,
    {
      headers: devHeaders(),
    },
  )
  return ((await reply.json()) as { data: { items: { body: string }[] } }).data.items.map((m) => m.body)
}

const save = async (page: Page) => {
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/update/allsettings") && r.request().method() === "POST"),
    page.getByTestId("configuration-save").click(),
  ])
  expect(saved.status()).toBe(200)
}

test("configuration: refuse a cap of 0, save hours that exclude now with an away message, the customer gets it; Arabic mirrors", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const away = `We are closed now, back soon (${Date.now().toString(36)}).`
  // Open only two days from today (UTC): now is outside working hours.
  const openDay = DAYS[(new Date().getUTCDay() + 2) % 7]
  await loginTo(page, "admin", "/apps/company-details/configration")
  await expect(page.getByTestId("page-title")).toHaveText("Configuration")
  await expect(page.getByTestId("configuration-save")).toBeVisible()

  await page.getByTestId("configuration-cap").fill("0")
  await page.getByTestId("configuration-save").click()
  await expect(page.getByTestId("configuration-problem")).toHaveText("Open chats per agent must be a whole number from 1 to 100.")
  await page.getByTestId("configuration-cap").fill("5")
  // Agents rung at once: 0 to 1000. Three is every agent of this tenant who takes calls, so the other specs ring as before.
  await page.getByTestId("configuration-ring-at-once").fill("1001")
  await page.getByTestId("configuration-save").click()
  await expect(page.getByTestId("configuration-problem")).toHaveText("Agents rung at once is a whole number from 0 to 1000.")
  await page.getByTestId("configuration-ring-at-once").fill("3")

  await page.getByTestId("configuration-timezone").selectOption("UTC")
  await page.getByTestId(`configuration-day-${openDay}-open`).check({ force: true })
  await expect(page.getByTestId(`configuration-day-${openDay}-from`)).toHaveValue("09:00")
  await page.getByTestId("configuration-away").fill(away)
  await save(page)
  await expect(page.getByText("Configuration saved.").first()).toBeVisible()
  await shot(page, "tenant-settings/configuration-en")

  // A customer writes in outside working hours: the away message reaches their phone, once.
  const number = `+90555${Date.now().toString().slice(-7)}`
  for (const text of ["Hello?", "Anyone there?"]) {
    const wrote = await page.request.post(`${baseUrl()}/dev/simulator/messages`, {
      headers: devHeaders(),
      data: { clientId: 1, channel: "whatsapp", number, text },
    })
    expect(wrote.status()).toBe(200)
  }
  await expect.poll(() => phoneOf(page, number), { timeout: 30_000 }).toEqual([away])

  await page.reload()
  await expect(page.getByTestId("configuration-away")).toHaveValue(away)
  await expect(page.getByTestId(`configuration-day-${openDay}-open`)).toBeChecked()
  await expect(page.getByTestId("configuration-ring-at-once")).toHaveValue("3")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الإعداد")
  await shot(page, "tenant-settings/configuration-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await page.reload()

  // Back to always open, with no away message, for the other specs.
  await page.getByTestId(`configuration-day-${openDay}-open`).uncheck({ force: true })
  await page.getByTestId("configuration-away").fill("")
  await page.getByTestId("configuration-ring-at-once").fill("0")
  await save(page)
  await expect(page.getByTestId(`configuration-day-${openDay}-open`)).not.toBeChecked()
})
