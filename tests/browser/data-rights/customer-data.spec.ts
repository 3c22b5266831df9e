/**
 * A customer's data rights in Chromium against the real server: a customer who wrote in is opened from the contact
 * book; "Export data" downloads a JSON file holding their message; "Erase customer" asks for the number, erases only
 * once it is typed exactly, says so, and the contact book no longer finds them. The erase dialog in Arabic reads right
 * to left.
 */
import { readFile } from "node:fs/promises"
import { expect, type Page, test } from "@playwright/test"
import { customerWrites, freshNumber } from "../chat/chat-inbox-helpers"
import { baseUrl, login, shot } from "../helpers"

const search = async (page: Page, number: string) => {
  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByTestId("contacts-search").fill(number)
  await page.getByTestId("contacts-search").press("Enter")
}

test("customer data: export the file, then erase the customer after typing the number", async ({ page }) => {
  const number = freshNumber()
  const text = `Please forget me ${number.slice(-4)}`
  await customerWrites(page, number, text)
  await login(page, "admin")
  await search(page, number)
  await expect(page.getByTestId("contact-row")).toHaveCount(1)
  await page.getByTestId("contact-open").click()
  const section = page.getByTestId("customer-data")
  await expect(section).toBeVisible()

  const [download] = await Promise.all([page.waitForEvent("download"), section.getByTestId("customer-export").click()])
  expect(download.suggestedFilename()).toMatch(/^customer-cust_[0-9a-f]{20}\.json$/)
  const file = JSON.parse(await readFile((await download.path())!, "utf8"))
  expect(file.kinds.contact[0].number).toBe(number)
  expect(file.kinds.messages.map((m: { body: string }) => m.body)).toContain(text)
  await expect(page.getByTestId("customer-exported")).toBeVisible()

  await section.getByTestId("customer-erase").click()
  const confirm = page.getByTestId("erase-confirm")
  await expect(page.getByTestId("erase-text")).toContainText(number)
  await expect(confirm).toBeDisabled()
  await page.getByTestId("erase-number").fill(number.slice(0, -1))
  await expect(confirm).toBeDisabled()
  await page.getByTestId("erase-number").fill(number)
  await shot(page, "data-rights/erase-dialog-en")
  const [erased] = await Promise.all([page.waitForResponse((r) => /\/data-rights\/customers\/\d+\/erase$/.test(r.url())), confirm.click()])
  expect(erased.status()).toBe(200)
  await expect(page.getByTestId("customer-erased")).toContainText("The customer was erased")
  await expect(page.getByTestId("contact-page")).toHaveCount(0)
  await expect(page.getByTestId("contact-row")).toHaveCount(0)
  await search(page, number)
  await expect(page.getByTestId("contact-row")).toHaveCount(0)
})

test("customer data: the erase dialog in Arabic, and cancelling erases nothing", async ({ page }) => {
  const number = freshNumber()
  await customerWrites(page, number, "مرحبا")
  await login(page, "admin")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await search(page, number)
  await expect(page.getByTestId("contact-row")).toHaveCount(1)
  await page.getByTestId("contact-open").click()
  await page.getByTestId("customer-erase").click()
  await expect(page.getByTestId("erase-text")).toContainText("يُحذف نهائيًا")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await shot(page, "data-rights/erase-dialog-ar")
  await expect(page.getByTestId("erase-cancel")).toHaveText("إلغاء")
  await page.getByTestId("erase-cancel").click()
  await expect(page.getByTestId("erase-text")).toHaveCount(0)
  await search(page, number)
  await expect(page.getByTestId("contact-row")).toHaveCount(1)
})
