/** What the report screens' browser specs share. */
import { expect, type Page } from "@playwright/test"

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
  const inputs = page.locator(`[data-testid=${testId}] input`)
  // The pointer out of the way, as a person typing has it: the picker opens its calendar under a pointer left on the
  // page (say, on a row's button just clicked), and the day it rests on previews in the fields, over what was typed.
  await page.mouse.move(0, 0)
  // Blueprint's range input rewrites a field with its date as the field takes the focus, and refuses an end before the
  // current start: a fill that lands before that rewrite, or an end typed against an old start, is typed again, as a
  // person would, until both fields hold what was typed.
  await expect(async () => {
    for (const [field, day] of [
      [1, end],
      [0, start],
    ] as const) {
      await inputs.nth(field).fill(day)
      await inputs.nth(field).press("Tab")
    }
    await expect(inputs.nth(0)).toHaveValue(start, { timeout: 1_000 })
    await expect(inputs.nth(1)).toHaveValue(end, { timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
  await page.keyboard.press("Escape")
}
