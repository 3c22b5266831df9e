/**
 * Scheduled sends from the composer: agent1 schedules a reply twenty seconds ahead on the tenant's clock, another an
 * hour ahead (edited), one past the customer's 24-hour window (refused in the dialog, then two hours ahead and
 * cancelled) and a template for tomorrow from the template dialog (cancelled). The thread lists them with their times;
 * the first reaches the simulated customer's phone by itself and becomes a normal message of the thread, live; the edited one keeps its new
 * text; the cancelled one is gone. Turkish and Arabic show the same list, Arabic right to left.
 */
import { expect, type Page, test } from "@playwright/test"
import { shot } from "../helpers"
import { newTakenConversation, openInbox, phoneOf } from "./chat-inbox-helpers"

/** An instant on the zone's clock as a `datetime-local` value with seconds (`2026-11-29T14:05:20`). */
const localIn = (zone: string, at: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .replace(" ", "T")

const openSendLater = async (page: Page, text: string) => {
  await page.getByTestId("chat-input").fill(text)
  await page.getByTestId("chat-send-more").click()
  await page.getByTestId("chat-send-later").click()
  const dialog = page.getByRole("dialog").filter({ has: page.getByTestId("scheduled-time") })
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId("scheduled-text")).toHaveValue(text)
  return dialog
}

/** Saves the dialog and waits for it to close (a new send also empties the composer). */
const save = async (page: Page) => {
  await page.getByTestId("scheduled-save").click()
  await expect(page.getByTestId("scheduled-time")).toBeHidden()
  await expect(page.getByTestId("chat-input")).toHaveValue("")
}

const item = (page: Page, text: string) => page.getByTestId("scheduled-item").filter({ hasText: text })

test("a scheduled reply leaves at its time; another is edited, a third cancelled", async ({ page }) => {
  test.setTimeout(150_000)
  await openInbox(page, "agent1")
  const number = await newTakenConversation(page, "Can you write me in a bit?")
  const windowCloses = Date.now() + 24 * 3600_000
  const soon = `Writing as promised ${Date.now()}`

  // Twenty seconds ahead, typed on the tenant's clock (the field names its zone).
  const dialog = await openSendLater(page, soon)
  const zone = (await page.getByTestId("scheduled-time").getAttribute("data-zone")) ?? "UTC"
  await expect(dialog).toContainText(`(${zone})`)
  await page.getByTestId("scheduled-time").fill(localIn(zone, new Date(Date.now() + 20_000)))
  await save(page)
  await expect(item(page, soon)).toContainText("Scheduled for")

  // In an hour, then edited; another two hours ahead, then cancelled.
  await openSendLater(page, "First draft")
  await page.getByTestId("scheduled-in-hour").click()
  await expect(page.getByTestId("scheduled-time")).not.toHaveValue("")
  await save(page)
  await openSendLater(page, "Never mind this one")
  // A text past the customer's 24-hour window is refused in the dialog, which stays open; two hours ahead saves.
  await page.getByTestId("scheduled-time").fill(localIn(zone, new Date(windowCloses + 3600_000)))
  await page.getByTestId("scheduled-save").click()
  await expect(page.getByTestId("scheduled-dialog-error")).toContainText(/window/i)
  await page.getByTestId("scheduled-time").fill(localIn(zone, new Date(Date.now() + 2 * 3600_000)))
  await save(page)
  await expect(item(page, "Never mind this one")).toBeVisible()

  await item(page, "First draft").getByTestId("scheduled-edit").click()
  await page.getByTestId("scheduled-text").fill("Second draft")
  await save(page)
  await expect(item(page, "Second draft")).toBeVisible()
  await expect(item(page, "First draft")).toHaveCount(0)
  await item(page, "Never mind this one").getByTestId("scheduled-cancel").click()
  await expect(item(page, "Never mind this one")).toHaveCount(0)

  // A template, picked in the template dialog, for tomorrow at nine: listed by its name until cancelled.
  await page.getByTestId("chat-template-open").click()
  await page.getByTestId("chat-template-item").first().click()
  const body = (await page.locator(".mc-template-body").textContent()) ?? ""
  const count = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size
  if (count > 0) await page.locator("#chat-template-params").fill(Array.from({ length: count }, (_, i) => `value ${i + 1}`).join("\n"))
  await page.getByTestId("chat-template-later").click()
  const name = (await page.getByTestId("scheduled-template").locator("strong").textContent()) ?? ""
  await page.getByTestId("scheduled-tomorrow").click()
  await expect(page.getByTestId("scheduled-time")).toHaveValue(/T09:00$/)
  await save(page)
  await expect(item(page, name)).toBeVisible()
  await shot(page, "chat/scheduled-send-en")
  await item(page, name).getByTestId("scheduled-cancel").click()
  await expect(item(page, name)).toHaveCount(0)

  // The first leaves by itself: on the customer's phone, and in the thread as a sent message instead of a scheduled one.
  await expect.poll(async () => (await phoneOf(page, number)).map((m) => m.body), { timeout: 60_000 }).toContain(soon)
  await expect(page.getByTestId("chat-message").filter({ hasText: soon })).toBeVisible()
  await expect(item(page, soon)).toHaveCount(0, { timeout: 40_000 })
  expect((await phoneOf(page, number)).map((m) => m.body)).not.toContain("Never mind this one")

  for (const [language, label] of [
    ["tr", "Düzenle"],
    ["ar", "تعديل"],
  ] as const) {
    await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
    await page.reload()
    await page.getByTestId("chat-box-all").click()
    await page.locator(`[data-testid=chat-conversation][data-number="${number}"]`).click()
    await expect(item(page, "Second draft").getByTestId("scheduled-edit")).toHaveText(label)
    await shot(page, `chat/scheduled-send-${language}`)
  }
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await item(page, "Second draft").getByTestId("scheduled-cancel").click()
  await expect(page.getByTestId("scheduled-item")).toHaveCount(0)
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
