/**
 * Current campaigns in Chromium: a 200-number list typed on the Recipient lists tab, and a campaign to it where one customer wrote STOP first (through the simulator),
 * created in the dialog at 10 messages a second; its counts move live, it is paused and resumed with the buttons and
 * completes with the opt-out skipped; the channel fails one message (the simulator's hook), the outbox shows the
 * reason, Retry failed sends it again; the CSV report downloads with a row per number. Arabic, right to left.
 */
import { readFileSync } from "node:fs"
import Papa from "papaparse"
import { expect, type Page, test } from "@playwright/test"
import { customerWrites } from "../chat/chat-inbox-helpers"
import { baseUrl, devHeaders, login, shot } from "../helpers"
import { approvedTemplate, listRow, openLists, topUp, typeList } from "./campaigns-helpers"

/** Messages a second: 200 numbers take 20 s, time enough to see the counts move and to pause before the end. */
const RATE = 10

const createCampaign = async (page: Page, name: string, template: string, list: string) => {
  await page.getByTestId("campaigns-new").click()
  const dialog = page.locator(".bp6-dialog")
  // Typed at once, while the dialog's choices may still load: nothing typed is lost.
  await dialog.getByTestId("campaign-name").fill(name)
  await dialog.getByTestId("campaign-rate").fill(String(RATE))
  await expect(dialog.getByTestId("campaign-template").locator(`option[value="${template}|en"]`)).toHaveCount(1, { timeout: 20_000 })
  await dialog.getByTestId("campaign-template").selectOption(`${template}|en`)
  await dialog.getByTestId("campaign-list").selectOption({ label: `${list} (200 numbers)` })
  await dialog.getByTestId("campaign-param-1").fill("friend")
  await expect(dialog.getByTestId("campaign-name")).toHaveValue(name)
  await expect(dialog.getByTestId("campaign-rate")).toHaveValue(String(RATE))
  await dialog.getByTestId("campaign-create").click()
  await expect(dialog).toHaveCount(0, { timeout: 30_000 })
}

test("A 200-number campaign: live counts, pause, resume, an opt-out skipped, a failure retried, the CSV report; Arabic", async ({
  page,
}) => {
  test.setTimeout(240_000)
  const stamp = String(Date.now()).slice(-5)
  const numbers = Array.from({ length: 200 }, (_, i) => `+9053${stamp}${String(i).padStart(3, "0")}`)
  await topUp(page, 20)
  // The customer behind numbers[7] wrote STOP before the campaign: they are on the blacklist and never reached.
  await customerWrites(page, numbers[7].slice(1), "STOP")
  await login(page, "admin")
  const template = await approvedTemplate(page, `autumn_${stamp}`)
  const list = `Autumn list ${stamp}`
  // The 200 numbers typed into a new list on the Recipient lists tab: every row accepted.
  await openLists(page)
  const made = await typeList(page, list, numbers)
  await expect(made.getByTestId("list-result-summary")).toContainText("200 rows, 200 accepted, 0 duplicates, 0 invalid")
  await page.getByTestId("list-result-close").click()
  await expect(await listRow(page, list)).toHaveAttribute("data-count", "200")

  await page.goto(`${baseUrl()}/apps/current-campaigns`)
  await expect(page.getByTestId("page-title")).toHaveText("Current campaigns")
  const name = `Autumn ${stamp}`
  await createCampaign(page, name, template, list)
  const row = page.locator(`[data-testid=campaign-row][data-name="${name}"]`)
  // On PGlite the list's read waits behind the campaign's batches (one connection): give it time on a busy machine.
  await expect(row).toHaveAttribute("data-status", "running", { timeout: 30_000 })
  const counts = row.getByTestId("campaign-counts")
  // Live: the counts move from the socket while the campaign runs, without a reload.
  const sentNow = async () => Number(/([0-9]+) sent/.exec((await counts.textContent()) ?? "")?.[1] ?? 0)
  await expect.poll(sentNow, { timeout: 60_000 }).toBeGreaterThan(0)
  const first = await sentNow()
  await expect.poll(sentNow, { timeout: 60_000 }).toBeGreaterThan(first)
  await expect(row).toHaveAttribute("data-status", "running")
  await row.getByTestId("campaign-pause").click()
  await expect(row).toHaveAttribute("data-status", "paused", { timeout: 20_000 })
  await expect(row.getByTestId("campaign-pause")).toHaveCount(0)
  await expect(row.getByTestId("campaign-resume")).toBeEnabled()
  await shot(page, "campaigns/paused-en")
  await row.getByTestId("campaign-resume").click()
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 120_000 })
  await expect(counts).toContainText("1 skipped of 200")
  await expect(row.getByTestId("campaign-retry")).toBeDisabled()

  const failed = await page.request.post(`${baseUrl()}/dev/campaigns/fail`, {
    headers: devHeaders(),
    data: { clientId: 1, number: numbers[3], reason: "Message undeliverable (131026)" },
  })
  expect(failed.status()).toBe(200)
  await expect(counts).toContainText("1 failed", { timeout: 20_000 })
  await row.getByTestId("campaign-outbox").click()
  const failedRow = page.locator(`[data-testid=outbox-row][data-number="${numbers[3]}"]`)
  await expect(failedRow).toHaveAttribute("data-status", "failed")
  await expect(failedRow).toContainText("Message undeliverable (131026)")
  await expect(page.locator(`[data-testid=outbox-row][data-number="${numbers[7]}"]`)).toHaveAttribute("data-status", "skipped")
  await shot(page, "campaigns/outbox-en")
  await row.getByTestId("campaign-retry").click()
  await expect(counts).toContainText("0 failed", { timeout: 30_000 })
  await expect(row).toHaveAttribute("data-status", "completed", { timeout: 30_000 })

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("campaign-download").click()])
  expect(download.suggestedFilename()).toMatch(/^Autumn_\d+-\d+\.csv$/)
  const [header, ...rows] = Papa.parse<string[]>(readFileSync(await download.path(), "utf8").trim()).data
  expect(header.join(",")).toBe("number,status,reason,parameters,sent_at,delivered_at,read_at")
  expect(rows).toHaveLength(200)
  // A number is text starting with "+": the one CSV writer marks it with a leading quote (no spreadsheet formula).
  const byNumber = new Map(rows.map((row) => [row[0].replace(/^'/, ""), row]))
  expect(rows.every((row) => row[0].startsWith("'+"))).toBe(true)
  expect(new Set(byNumber.keys())).toEqual(new Set(numbers))
  expect(byNumber.get(numbers[7])?.[1]).toBe("skipped")
  expect(["sent", "delivered", "read"]).toContain(byNumber.get(numbers[3])?.[1])
  expect(rows.filter((row) => ["sent", "delivered", "read"].includes(row[1]))).toHaveLength(199)

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/apps/current-campaigns`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الحملات الحالية")
  await expect(row).toHaveAttribute("data-status", "completed")
  await row.getByTestId("campaign-outbox").click()
  await expect(failedRow).toHaveCount(1)
  await shot(page, "campaigns/list-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
