/**
 * Recipient lists in Chromium (the Recipient lists tab of /apps/current-campaigns): made from typed numbers, an
 * uploaded CSV and a contact search, each row accounted for on screen (accepted, a duplicate of line N, invalid);
 * renamed and deleted; the tab in Arabic, right to left.
 */
import { expect, test } from "@playwright/test"
import { customerWrites } from "../chat/chat-inbox-helpers"
import { checkSettled, login, shot } from "../helpers"
import { listRow, openLists, typeList } from "./campaigns-helpers"

test("Recipient lists: typed, CSV and contacts, every row accounted for; rename, delete; Arabic", async ({ page }) => {
  test.setTimeout(120_000)
  const stamp = String(Date.now()).slice(-5)
  const n = (i: number) => `+9053${stamp}${String(i).padStart(3, "0")}`
  // Two customers wrote in: they are WhatsApp contacts a search finds by a word of their names.
  const word = `kampanya${[...stamp].map((d) => "abcdefghij"[Number(d)]).join("")}`
  await customerWrites(page, n(900).slice(1), "Hello", { name: `Ayşe ${word}` })
  await customerWrites(page, n(901).slice(1), "Hello", { name: `Can ${word}` })
  await login(page, "admin")
  await openLists(page)

  const typed = `Typed ${stamp}`
  const result = await typeList(page, typed, [n(1), n(1).slice(1), "call me", n(2)])
  await expect(result.getByTestId("list-result-summary")).toContainText("4 rows, 2 accepted, 1 duplicates, 1 invalid")
  await expect(result.locator("[data-testid=list-problem][data-line='2']")).toContainText("Duplicate of line 1")
  await expect(result.locator("[data-testid=list-problem][data-line='3']")).toContainText("Invalid: not a valid phone number")
  await shot(page, "campaigns/list-result-en")
  await page.getByTestId("list-result-close").click()
  await expect(await listRow(page, typed)).toHaveAttribute("data-count", "2")

  const csvName = `From CSV ${stamp}`
  await page.getByTestId("lists-new").click()
  await page.getByTestId("list-name").fill(csvName)
  await checkSettled(page.getByTestId("list-source-csv"))
  await page.getByTestId("list-file").setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`number,name\n${n(3)},Ayşe\nnot-a-number,Bob\n${n(3)},Can\n${n(4)},Deniz\n`),
  })
  await expect(page.locator(".bp6-file-upload-input")).toHaveText("customers.csv")
  await page.getByTestId("list-save").click()
  const csvResult = page.getByTestId("list-result")
  await expect(csvResult.getByTestId("list-result-summary")).toContainText("4 rows, 2 accepted, 1 duplicates, 1 invalid", {
    timeout: 30_000,
  })
  await expect(csvResult.locator("[data-testid=list-problem][data-line='3']")).toContainText("Invalid")
  await expect(csvResult.locator("[data-testid=list-problem][data-line='4']")).toContainText("Duplicate of line 2")
  await page.getByTestId("list-result-close").click()
  await expect(await listRow(page, csvName)).toHaveAttribute("data-count", "2")

  const found = `Search ${stamp}`
  await page.getByTestId("lists-new").click()
  await page.getByTestId("list-name").fill(found)
  await checkSettled(page.getByTestId("list-source-search"))
  await page.getByTestId("list-search").fill(word)
  await page.getByTestId("list-save").click()
  await expect(page.getByTestId("list-result-summary")).toContainText("2 rows, 2 accepted", { timeout: 30_000 })
  await page.getByTestId("list-result-close").click()
  await expect(await listRow(page, found)).toHaveAttribute("data-count", "2")

  // Renamed: the table shows the new name.
  const typedRow = await listRow(page, typed)
  await typedRow.getByTestId("list-rename").click()
  await page.getByTestId("list-name").fill(`${typed} renamed`)
  await page.getByTestId("list-save").click()
  await expect(await listRow(page, `${typed} renamed`)).toHaveAttribute("data-count", "2")

  // Deleted after the question: gone from the table.
  const csvRow = await listRow(page, csvName)
  await csvRow.getByTestId("list-delete").click()
  await expect(page.getByTestId("list-delete-question")).toContainText(csvName)
  await page.getByTestId("list-delete-confirm").click()
  await expect(page.locator(`[data-testid=list-row][data-name="${csvName}"]`)).toHaveCount(0, { timeout: 20_000 })

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await openLists(page)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await listRow(page, found)
  await shot(page, "campaigns/lists-ar")
  await page.getByTestId("lists-new").click()
  await page.getByTestId("list-save").click()
  await expect(page.getByTestId("list-problem-callout")).toHaveText("أعطِ القائمة اسمًا.")
  await shot(page, "campaigns/list-dialog-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
