/**
 * Focus goes back where it came from (WCAG 2.4.3), by keyboard alone after one sign-in: a dialog closed with Escape
 * and with its close button gives the focus back to the button that opened it; the date-range picker closed with
 * Escape leaves it on the range whose field opened it; folding and unfolding a sidebar group keeps it on the group's
 * heading; the quick-jump box closed with Escape gives it back to where the agent was, and after a jump, whose
 * opener went with the old screen, it lands on the new screen's main content.
 */
import { expect, type Locator, type Page, test } from "@playwright/test"
import { baseUrl } from "../helpers"
import { expectFocusInOverlay, expectVisibleFocus, keyboardLogin, pressUntilFocused } from "./keyboard-helpers"

const isFocused = (target: Locator) => expect(target).toBeFocused()

/** Opens a page, waits until nothing on it is loading, and takes the skip link to its main content. */
const open = async (page: Page, path: string, ready: string) => {
  await page.goto(`${baseUrl()}${path}`)
  await expect(page.getByTestId(ready).first()).toBeVisible()
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0)
  await pressUntilFocused(page, page.locator(".mc-skip"))
  await page.keyboard.press("Enter")
  await expect(page.locator("#mc-content")).toBeFocused()
}

test("focus returns to the opener: dialogs, the date picker, sidebar groups, the quick jump", async ({ page }) => {
  await keyboardLogin(page, "admin")

  // A dialog: Escape, then the close button.
  await open(page, "/apps/labels", "labels-new")
  const opener = page.getByTestId("labels-new")
  await pressUntilFocused(page, opener)
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog")
  await expect(dialog).toBeVisible()
  await expectFocusInOverlay(page)
  await page.keyboard.press("Escape")
  await expect(dialog).toHaveCount(0)
  await isFocused(opener)
  await page.keyboard.press("Enter")
  await expect(dialog).toBeVisible()
  await pressUntilFocused(page, dialog.locator(".bp6-dialog-close-button"))
  await page.keyboard.press("Enter")
  await expect(dialog).toHaveCount(0)
  await isFocused(opener)
  await expectVisibleFocus(page)

  // The date-range picker: the start field opens it; Escape closes it and the focus stays with the range (its
  // frame: the field itself would open the calendar again), from where Tab goes on.
  await open(page, "/admin-orders", "orders-range")
  const start = page.getByTestId("orders-range").locator("input[name=start]")
  await pressUntilFocused(page, start)
  await expect(page.locator(".bp6-daterangepicker")).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(page.locator(".bp6-daterangepicker")).toHaveCount(0)
  await isFocused(page.getByTestId("orders-range"))
  await expectVisibleFocus(page)

  // A sidebar group's heading folds and unfolds its group and keeps the focus.
  const heading = page.getByTestId("nav-group-toggle").first()
  await pressUntilFocused(page, heading)
  const expanded = await heading.getAttribute("aria-expanded")
  await page.keyboard.press("Enter")
  await expect(heading).not.toHaveAttribute("aria-expanded", expanded ?? "")
  await isFocused(heading)
  await page.keyboard.press("Enter")
  await expect(heading).toHaveAttribute("aria-expanded", expanded ?? "")
  await isFocused(heading)

  // The quick jump: Escape gives the focus back to the heading it was opened from.
  await page.keyboard.press("Control+k")
  await expect(page.getByTestId("jump-input")).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(page.getByTestId("jump-input")).toHaveCount(0)
  await isFocused(heading)
  // A jump to another screen: the heading it was opened from went with the old screen's menu, so the focus lands on
  // the new screen's main content.
  await page.keyboard.press("Control+k")
  await page.keyboard.type("Labels")
  await expect(page.locator("[data-testid=jump-option][aria-selected=true]")).toHaveCount(1)
  await page.keyboard.press("Enter")
  await page.waitForURL((url) => url.pathname === "/apps/labels")
  await expect(page.getByTestId("jump-input")).toHaveCount(0)
  await expect(page.locator("#mc-content")).toBeFocused()
})
