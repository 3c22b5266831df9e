/** What the report screens' browser specs share. */
import type { Page } from "@playwright/test"

export const rows = (page: Page, id: string) => page.locator(`[data-testid=${id}]`)

/** The console's language as a returning user would have it (stored), after a reload. */
export const setLanguage = async (page: Page, language: string) => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

/**
 * Types a range into a report's date-range picker, leaving each field as a user would (a day beyond the picker's
 * bounds is taken when its field is left). End first: a start after the current end would overlap.
 */
export const typeRange = async (page: Page, testId: string, start: string, end: string) => {
  for (const [field, day] of [
    [1, end],
    [0, start],
  ] as const) {
    await page.locator(`[data-testid=${testId}] input`).nth(field).fill(day)
    await page.locator(`[data-testid=${testId}] input`).nth(field).press("Tab")
  }
  await page.keyboard.press("Escape")
}
