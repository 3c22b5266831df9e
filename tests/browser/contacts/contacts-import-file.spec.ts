/**
 * The CSV import wizard's first steps, in Chromium: a bad file is refused with a clear message before anything is
 * sent (parsed in a web worker), and a good one shows its columns, guessed roles and first rows; in English and
 * Arabic (right to left).
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

const csv = (text: string) => ({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") })

const openWizard = async (page: Page) => {
  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByTestId("contacts-import").click()
  await expect(page.getByRole("dialog")).toBeVisible()
}

test.describe("contacts: CSV import wizard, file step", () => {
  test("refuses a bad file with a clear message and nothing is uploaded", async ({ page }) => {
    await login(page, "admin")
    const uploads: string[] = []
    page.on("request", (r) => {
      if (r.url().includes("/add/customers")) uploads.push(r.url())
    })
    await openWizard(page)
    const input = page.locator("#contacts-import-file")
    await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) })
    await expect(page.getByTestId("import-problem")).toHaveText(
      "This is not a CSV file. Save it as CSV (comma separated, UTF-8) and try again.",
    )
    await input.setInputFiles({
      name: "utf16.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("\ufeffnumber,name\n+905550000001,A\n", "utf16le"),
    })
    await expect(page.getByTestId("import-problem")).toHaveText("This file is UTF-16. Save it as CSV UTF-8 and try again.")
    await input.setInputFiles({
      name: "latin.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("number,name\n+905550000001,Çalışkan\n", "latin1"),
    })
    await expect(page.getByTestId("import-problem")).toContainText("This file is not UTF-8")
    await input.setInputFiles(csv("number,name\n"))
    await expect(page.getByTestId("import-problem")).toHaveText("The file has a header but no rows.")
    await input.setInputFiles({ name: "empty.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) })
    await expect(page.getByTestId("import-problem")).toHaveText("This file is empty.")
    expect(uploads).toEqual([])
  })

  test("maps the columns of a good file with a preview of its first rows (English and Arabic)", async ({ page }) => {
    await login(page, "admin")
    await openWizard(page)
    const rows = Array.from({ length: 8 }, (_, i) => `+90555123${String(i).padStart(4, "0")},Müşteri ${i},Izmir,gold`)
    await page.locator("#contacts-import-file").setInputFiles(csv(`\ufeffPhone,Name,City,Tier\n${rows.join("\n")}\n`))
    await expect(page.getByTestId("import-rows")).toHaveText("contacts.csv: 8 rows")
    await expect(page.getByTestId("import-role-0")).toHaveValue("number")
    await expect(page.getByTestId("import-role-1")).toHaveValue("name")
    await expect(page.getByTestId("import-role-2")).toHaveValue("attribute")
    await expect(page.getByTestId("import-mapping").locator("tbody tr")).toHaveCount(5)
    await expect(page.getByTestId("import-mapping").locator("tbody tr").first()).toContainText("Müşteri 0")
    await page.getByTestId("import-role-0").selectOption("ignore")
    await expect(page.getByTestId("import-mapping-problem")).toHaveText("Choose the column that holds the phone number.")
    await expect(page.getByTestId("import-upload")).toBeDisabled()
    await page.getByTestId("import-role-0").selectOption("number")
    await expect(page.getByTestId("import-upload")).toBeEnabled()
    await shot(page, "contacts-import-mapping-en")

    await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
    await page.reload()
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await page.getByTestId("contacts-import").click()
    await page.locator("#contacts-import-file").setInputFiles(csv(`Phone,Name,City,Tier\n${rows.join("\n")}\n`))
    await expect(page.getByTestId("import-rows")).toHaveText("contacts.csv: عدد الصفوف 8")
    await shot(page, "contacts-import-mapping-ar")
  })
})
