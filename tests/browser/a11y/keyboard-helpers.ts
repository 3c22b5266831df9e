/** Moves of the keyboard-only specs: the page is driven by key presses alone; the locators only read. */
import { expect, type Locator, type Page } from "@playwright/test"
import { baseUrl } from "../helpers"

/** Whether the focused element is (or is inside) `target`. */
const focusedIn = (target: Locator) => target.evaluate((element) => element.contains(document.activeElement)).catch(() => false)

/** Presses `key` (Tab by default) until focus reaches `target`; fails when it never does within `max` presses. */
export const pressUntilFocused = async (page: Page, target: Locator, key = "Tab", max = 80) => {
  for (let i = 0; i < max; i++) {
    if (await focusedIn(target)) return
    await page.keyboard.press(key)
  }
  expect(await focusedIn(target), `focus reached ${await target.first().getAttribute("data-testid")}`).toBe(true)
}

/**
 * Waits until the focus is inside the open overlay (a dialog brings it in a frame after it appears): Escape closes
 * only what holds the focus, as for a person who sees the ring move into the dialog before pressing it.
 */
export const expectFocusInOverlay = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.activeElement?.closest(".bp6-overlay-open") != null)).toBe(true)

/** Signs in from the login page with the keyboard: Tab to the fields, type, Enter. */
export const keyboardLogin = async (page: Page, username: string, password = "demo1234") => {
  await page.goto(`${baseUrl()}/login`)
  await page.waitForSelector("[data-testid=login-form]")
  await pressUntilFocused(page, page.locator("#login-username"))
  await page.keyboard.type(username)
  await pressUntilFocused(page, page.locator("#login-password"))
  await page.keyboard.type(password)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname !== "/login")
}

/** The element holding the focus has a visible outline or ring (WCAG 2.4.7), and is not under the top bar (2.4.11). */
export const expectVisibleFocus = async (page: Page) => {
  const seen = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null
    if (!focused || focused === document.body) return { focused: false, ring: false, clear: false }
    // A Blueprint switch or checkbox draws its hidden input as the indicator beside it: the ring must be there.
    const element = (focused.closest(".bp6-control")?.querySelector(".bp6-control-indicator") as HTMLElement | null) ?? focused
    const style = getComputedStyle(element)
    const ring = (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none"
    const box = element.getBoundingClientRect()
    const bar = document.querySelector(".mc-toolbar")?.getBoundingClientRect()
    const clear = !bar || element.closest(".mc-toolbar") !== null || box.bottom > bar.bottom
    return { focused: true, ring, clear }
  })
  expect(seen).toEqual({ focused: true, ring: true, clear: true })
}
