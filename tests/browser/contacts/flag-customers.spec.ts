/**
 * A flag's "Customers" opens the contact book filtered by that flag, straight from the flags screen in a fresh login
 * (the contact list has not run yet): exactly the flagged contacts, the flag chosen in the filter, a plain address.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"
import { api, freshNumbers, importCsv } from "./contacts-api.testing"

test("flags: Customers lists exactly the contacts carrying the flag, with the flag chosen in the contact book's filter", async ({
  page,
}) => {
  await login(page, "admin")
  const numbers = freshNumbers(3)
  const imported = await importCsv(page, `number\n${numbers.join("\n")}\n`)
  expect(imported.data.imported + imported.data.merged).toBe(3)
  const name = `VIP ${Date.now().toString(36)}`
  const flag = (await api<{ data: { id: number } }>(page, "/backend/flag/create", { name, color: "#0f9960" })).data
  await api(page, "/backend/flag/assign", { flag_id: flag.id, numbers })

  await page.goto(`${baseUrl()}/apps/flag`)
  const row = page.getByTestId("flag-row").filter({ hasText: name })
  await expect(row.getByTestId("flag-customers")).toHaveText("3")
  await row.getByTestId("flag-show").click()
  await expect(page).toHaveURL(/\/apps\/contacts\/all$/)
  await expect(page.getByTestId("contacts-filter-flag")).toHaveValue(String(flag.id))
  await expect(page.getByTestId("page-range")).toHaveText(/of 3$/)
  const shown = await page.locator("[data-testid=contact-row] td.mc-num[dir=ltr]").allTextContents()
  expect(shown.map((n) => n.trim()).sort()).toEqual([...numbers].sort())
  await shot(page, "contacts/flag-customers-en")
})
