/**
 * Less motion when the user's system asks for it (WCAG 2.3.3): the console's transitions stop, so colours, menus and
 * dialogs change at once, and the language menu leaves the page as a language is picked.
 */
import { expect, test } from "@playwright/test"
import { login } from "../helpers"

test("with less motion asked for, nothing slides or fades, and the language menu goes as a language is picked", async ({ page }) => {
  await login(page, "agent2")
  const sidebar = page.getByTestId("sidebar")
  const fade = () => sidebar.evaluate((element) => getComputedStyle(element).transitionDuration)
  // The sidebar slides as it folds and unfolds, by default.
  expect(await fade()).not.toMatch(/^0s(, 0s)*$/)
  await page.emulateMedia({ reducedMotion: "reduce" })
  expect(await fade()).toMatch(/^0s(, 0s)*$/)

  await page.getByTestId("language-menu").click()
  await page.locator(".bp6-popover [data-testid=language-tr]").click()
  await expect(page.locator("html")).toHaveAttribute("lang", "tr")
  await expect(page.locator(".bp6-popover")).toHaveCount(0)
  await expect(page.getByTestId("language-menu")).toContainText("Türkçe")
})
