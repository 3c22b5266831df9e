/**
 * Reminders in Chromium against the seeded server: create one through the screen for a customer who wrote a minute
 * ago, with "Send now", and see the text arrive on the simulated customer's phone (the /dev simulator hooks, as the
 * chat specs read it) within seconds, the row's last run saying so; then edit, disable, delete. Arabic mirrors it.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"
import { customerWrites, freshNumber, phoneOf } from "../chat/chat-inbox-helpers"

test("Reminders: a reminder created on the screen reaches the customer's phone; edit, disable and delete it", async ({ page }) => {
  const number = freshNumber()
  const name = `Pickup ${Date.now().toString(36)}`
  const text = `Your order is ready for pickup (${name})`
  await customerWrites(page, number, "Is my order ready?")
  await loginTo(page, "admin", "/admin-reminderMessage")
  await expect(page.getByTestId("page-title")).toHaveText("Reminder Messages")

  await page.getByTestId("reminders-new").click()
  const dialog = page.getByTestId("reminder-dialog")
  await dialog.getByTestId("reminder-dialog-save").click()
  await expect(dialog.getByTestId("reminder-dialog-problem")).toHaveText("Give the reminder a name.")
  await dialog.getByTestId("reminder-name").fill(name)
  await dialog.getByTestId("reminder-message").fill(text)
  await dialog.getByTestId("reminder-number").fill(`+${number}`)
  await dialog.getByTestId("reminder-dialog-save").click()
  await expect(dialog.getByTestId("reminder-dialog-problem")).toHaveText("Choose when it first runs, or Send now.")
  await dialog.locator("label", { hasText: "Send now" }).click()
  await expect(dialog.getByTestId("reminder-start")).toBeDisabled()
  await shot(page, "audience/reminder-form-en")
  const started = Date.now()
  await dialog.getByTestId("reminder-dialog-save").click()
  await expect(dialog).toHaveCount(0)

  // The job queue polls every second and "send now" starts three seconds after saving.
  await expect
    .poll(async () => (await phoneOf(page, number)).filter((m) => m.body === text).length, { timeout: 20_000, intervals: [500] })
    .toBe(1)
  const seconds = (Date.now() - started) / 1000
  console.log(`reminder on the phone ${seconds.toFixed(1)} s after saving`)

  await page.getByTestId("reminders-search").fill(name)
  await page.getByTestId("reminders-search").press("Enter")
  const row = page.getByTestId("reminder-row")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("reminder-target")).toHaveText(`Contact ${number}`)
  await expect(async () => {
    await page.getByTestId("reminders-search").press("Enter")
    await expect(row.getByTestId("reminder-last-run")).toContainText("sent 1 of 1, skipped 0", { timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await expect(row.getByTestId("reminder-next-run")).toHaveText("Not scheduled")

  // Every week from a set time on the tenant's clock: the next run is that time.
  await row.getByTestId("reminder-row-edit").click()
  await expect(dialog.getByTestId("reminder-start")).toBeEnabled()
  await dialog.getByTestId("reminder-start").fill("2030-01-15T09:30")
  await dialog.getByTestId("reminder-repeat").selectOption("weekly")
  await dialog.getByTestId("reminder-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByTestId("reminder-next-run")).toHaveText("15-01-2030 09:30 am")
  await expect(row).toContainText("Every week")

  await row.locator("label.bp6-switch").click()
  await expect(row).toHaveAttribute("data-enabled", "false")
  await expect(row.getByTestId("reminder-next-run")).toHaveText("Not scheduled")
  await row.locator("label.bp6-switch").click()
  await expect(row).toHaveAttribute("data-enabled", "true")
  await expect(row.getByTestId("reminder-next-run")).toHaveText("15-01-2030 09:30 am")
  await shot(page, "audience/reminders-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("رسائل التذكير")
  await expect(row.first()).toBeVisible()
  await page.getByTestId("reminders-search").fill(name)
  await page.getByTestId("reminders-search").press("Enter")
  await expect(row).toHaveCount(1)
  await shot(page, "audience/reminders-ar")
  await row.getByTestId("reminder-row-edit").click()
  await expect(dialog.getByTestId("reminder-repeat")).toHaveValue("weekly")
  await shot(page, "audience/reminder-form-ar")
  await dialog.getByTestId("reminder-dialog-cancel").click()
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await page.reload()

  // The list first: a search typed before it loads is answered by the unfiltered load.
  await expect(row.first()).toBeVisible()
  await page.getByTestId("reminders-search").fill(name)
  await page.getByTestId("reminders-search").press("Enter")
  await expect(row).toHaveCount(1)
  await row.getByTestId("reminder-row-delete").click()
  await expect(page.getByTestId("record-confirm-delete")).toContainText(name)
  await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
  await expect(row).toHaveCount(0)
  expect(seconds).toBeLessThan(15)

  // The company sub-page shows the same screen.
  await page.goto(`${baseUrl()}/apps/company-details/reminderMessage`)
  await expect(page.getByTestId("reminders-page")).toBeVisible()
  await expect(page.getByTestId("reminders-new")).toBeEnabled()
})
