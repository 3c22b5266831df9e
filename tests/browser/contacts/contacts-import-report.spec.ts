/**
 * A CSV with bad rows through the import wizard, in Chromium against the real server: the result counts every row
 * (imported, merged: a number already known or repeated in the file, rejected) as the server answered, the rejection table lists each rejected line with its number
 * and reason, and the downloaded report holds the same rows.
 */
import { readFile } from "node:fs/promises"
import { expect, test } from "@playwright/test"
import Papa from "papaparse"
import { baseUrl, login, shot } from "../helpers"
import { freshNumbers, importCsv } from "./contacts-api.testing"

const REASONS: Record<string, string> = {
  missing_number: "No number",
  invalid_number: "Not a valid phone number",
  invalid_email: "Not a valid email",
}

test("contacts: a CSV with bad rows gets the exact rejection report, on screen and downloaded", async ({ page }) => {
  await login(page, "admin")
  const [known, fresh1, fresh2, fresh3] = freshNumbers(4) as [string, string, string, string]
  // One customer the tenant already has: the file's row for it merges.
  await importCsv(page, `number,name\n${known},Known\n`)
  const lines = [
    "number,name,email", // line 1
    `${fresh1},Good one,good@example.com`, // 2: imported
    ",No number,", // 3: missing_number
    "12,Too short,", // 4: invalid_number
    `${fresh2},Bad email,not-an-email`, // 5: invalid_email
    `${fresh1},Again,`, // 6: the same number again: merged into line 2
    `${known},Known again,`, // 7: merged
    `${fresh3},Good two,`, // 8: imported
  ]
  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByTestId("contacts-import").click()
  await page
    .locator("#contacts-import-file")
    .setInputFiles({ name: "bad-rows.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n`, "utf8") })
  await expect(page.getByTestId("import-rows")).toHaveText("bad-rows.csv: 7 rows")
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/api/add/customers" && r.request().method() === "POST"),
    page.getByTestId("import-upload").click(),
  ])
  expect(answer.status()).toBe(200)
  const server = (await answer.json()).data as {
    rows: number
    imported: number
    merged: number
    rejected: number
    rejections: { line: number; number: string | null; reason: string; message: string }[]
  }
  expect(server.rejections.map((r) => [r.line, r.reason])).toEqual([
    [3, "missing_number"],
    [4, "invalid_number"],
    [5, "invalid_email"],
  ])
  expect({ rows: server.rows, imported: server.imported, merged: server.merged, rejected: server.rejected }).toEqual({
    rows: 7,
    imported: 2,
    merged: 2,
    rejected: 3,
  })

  await expect(page.getByTestId("import-total").locator("strong")).toHaveText("7")
  await expect(page.getByTestId("import-imported").locator("strong")).toHaveText("2")
  await expect(page.getByTestId("import-merged").locator("strong")).toHaveText("2")
  await expect(page.getByTestId("import-rejected").locator("strong")).toHaveText("3")
  const shown = await page
    .getByTestId("import-rejection")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")))
  expect(shown).toEqual(server.rejections.map((r) => [String(r.line), r.number ?? "", REASONS[r.reason]]))
  await shot(page, "contacts/import-report-en")

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-download").click()])
  const text = await readFile((await download.path()) ?? "", "utf8")
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ""), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  // A cell starting with + is written '+… so a spreadsheet does not read it as a formula (src/contract/csv.ts).
  const guarded = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)
  expect(parsed.data).toEqual(
    server.rejections.map((r) => ({ line: String(r.line), number: guarded(r.number ?? ""), reason: r.reason, message: r.message })),
  )
})
