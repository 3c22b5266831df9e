/** What the campaign specs set up through the API before driving the screens: money, an approved template, a list. */
import { expect, type Page } from "@playwright/test"
import { baseUrl } from "../helpers"

/** The super admin tops up tenant one's balance (a campaign's messages are charged). */
export const topUp = async (page: Page, amount: number) => {
  const root = await (
    await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username: "superadmin", password: "demo1234" } })
  ).json()
  const reply = await page.request.post(`${baseUrl()}/api/billing/topup`, {
    headers: { "user-token": root.user_token },
    data: { client_id: 1, amount, reason: "Campaign messages" },
  })
  expect(reply.status()).toBe(200)
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("user_token") ?? "")

/** A one-parameter marketing template, written through the API (the template spec drives the editor), once approved. */
export const approvedTemplate = async (page: Page, name: string) => {
  const headers = { "user-token": await tokenOf(page) }
  const made = await page.request.post(`${baseUrl()}/api/template/message/create`, {
    headers,
    data: { name, language: "en", category: "MARKETING", body: "Hello {{1}}, our autumn offer is here.", body_examples: ["Ayşe"] },
  })
  expect(made.status()).toBe(200)
  await expect
    .poll(
      async () => {
        const reply = await page.request.post(`${baseUrl()}/api/template/message/fetch`, { headers, data: { search: name } })
        const items = ((await reply.json()) as { data: { items: { name: string; status: string }[] } }).data.items
        return items.find((t) => t.name === name)?.status
      },
      { timeout: 20_000 },
    )
    .toBe("APPROVED")
  return name
}

/** The Recipient lists tab of /apps/current-campaigns. */
export const openLists = async (page: Page) => {
  await page.goto(`${baseUrl()}/apps/current-campaigns`)
  await page.getByRole("tab", { name: /Recipient lists|قوائم المستلمين/ }).click()
  await expect(page.getByTestId("recipient-lists")).toBeVisible()
}

/** A new list from typed numbers, made on the screen; answers the dialog showing the per-row result. */
export const typeList = async (page: Page, name: string, numbers: readonly string[]) => {
  await page.getByTestId("lists-new").click()
  await page.getByTestId("list-name").fill(name)
  await page.getByTestId("list-numbers").fill(numbers.join("\n"))
  await page.getByTestId("list-save").click()
  const result = page.getByTestId("list-result")
  await expect(result).toBeVisible({ timeout: 30_000 })
  return result
}

/** The list's row once the table was searched for it (no dialog left open over the table). */
export const listRow = async (page: Page, name: string) => {
  await expect(page.locator(".bp6-overlay-backdrop")).toHaveCount(0)
  await page.getByTestId("lists-search").fill(name)
  await page.getByTestId("lists-search-submit").click()
  const row = page.locator(`[data-testid=list-row][data-name="${name}"]`)
  await expect(row).toHaveCount(1, { timeout: 20_000 })
  return row
}
