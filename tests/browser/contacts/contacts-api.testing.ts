/** The server's own calls as the logged-in console user makes them (its token), for specs that set up or verify data. */
import { expect, type Page } from "@playwright/test"
import { baseUrl } from "../helpers"

export const api = async <T = { data: unknown }>(page: Page, path: string, data: unknown, method: "POST" | "PUT" = "POST"): Promise<T> => {
  const token = await page.evaluate(() => localStorage.getItem("user_token"))
  const response = await page.request.fetch(`${baseUrl()}/api${path}`, { method, headers: { "user-token": token ?? "" }, data })
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200)
  return (await response.json()) as T
}

let counter = 0
/** Numbers no earlier run on the same server has used: `+90555` and seven digits from the clock and a counter. */
export const freshNumbers = (count: number) => {
  const base = (Date.now() % 100_000) * 10 + (counter++ % 10)
  return Array.from({ length: count }, (_, i) => `+90555${String((base * 100 + i) % 10_000_000).padStart(7, "0")}`)
}

/** Imports a CSV as the console uploads it: the file as the raw `text/csv` body, its name in the query string. */
export const importCsv = async (page: Page, text: string) => {
  const token = await page.evaluate(() => localStorage.getItem("user_token"))
  const response = await page.request.post(`${baseUrl()}/api/add/customers?file_name=contacts.csv`, {
    headers: { "user-token": token ?? "", "content-type": "text/csv" },
    data: Buffer.from(text, "utf8"),
  })
  expect(response.status(), `/add/customers: ${await response.text()}`).toBe(200)
  return (await response.json()) as { data: { rows: number; imported: number; merged: number; rejected: number } }
}
