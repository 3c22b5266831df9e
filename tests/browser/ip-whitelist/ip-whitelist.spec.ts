/** The IP whitelist in Chromium against the seeded server: add, a bad address refused, the lock-out warning, the login switch; Arabic. */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("IP whitelist: add ranges, warn before login enforcement would lock the admin out, switch it on once listed", async ({ page }) => {
  await loginTo(page, "admin", "/apps/ip-whitelist")
  await expect(page.getByTestId("page-title")).toHaveText("IP whitelist")
  await expect(page.getByTestId("ip-your-address")).toHaveText("Your address, 127.0.0.1, is not on the list.")
  const dialog = page.getByTestId("ip-dialog")

  await page.getByTestId("ip-new").click()
  await dialog.getByTestId("ip-address").fill("office")
  await dialog.getByTestId("ip-dialog-save").click()
  await expect(dialog).toContainText("This is not an IPv4 or IPv6 address or CIDR range.")
  await dialog.getByTestId("ip-address").fill("10.20.30.40/8")
  await dialog.getByTestId("ip-label").fill("Office VPN")
  await dialog.getByTestId("ip-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  const rows = page.getByTestId("ip-table").getByTestId("ip-row")
  await expect(rows.filter({ hasText: "10.0.0.0/8" })).toContainText("Office VPN")

  // Switching login enforcement on from an address off the list warns first; Cancel leaves it off.
  await page.getByTestId("ip-login").locator("label.bp6-switch").click()
  await expect(page.getByTestId("ip-lockout-warning")).toContainText("Your address, 127.0.0.1, is not on the list.")
  await shot(page, "ip-whitelist/lockout-warning-en")
  await page.getByTestId("ip-lockout-cancel").click()
  await expect(page.getByTestId("ip-lockout-warning")).toHaveCount(0)
  await expect(page.getByTestId("ip-login-switch")).not.toBeChecked()

  await page.getByTestId("ip-new").click()
  await dialog.getByTestId("ip-address").fill("127.0.0.1")
  await dialog.getByTestId("ip-label").fill("This desk")
  await dialog.getByTestId("ip-dialog-save").click()
  await expect(page.getByTestId("ip-your-address")).toHaveText("Your address, 127.0.0.1, is on the list.")
  await page.getByTestId("ip-login").locator("label.bp6-switch").click()
  await expect(page.getByTestId("ip-login-switch")).toBeChecked()
  await expect(page.getByTestId("ip-lockout-warning")).toHaveCount(0)
  await shot(page, "ip-whitelist/list-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("قائمة عناوين IP المسموح بها")
  await expect(page.getByTestId("ip-your-address")).toHaveText("عنوانك 127.0.0.1 موجود في القائمة.")
  await shot(page, "ip-whitelist/list-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await page.reload()

  // Leave the tenant as it was: switch off, list empty.
  await page.getByTestId("ip-login").locator("label.bp6-switch").click()
  await expect(page.getByTestId("ip-login-switch")).not.toBeChecked()
  for (const ip of ["127.0.0.1", "10.0.0.0/8"]) {
    await rows.filter({ hasText: ip }).getByTestId("ip-row-delete").click()
    await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
    await expect(rows.filter({ hasText: ip })).toHaveCount(0)
  }
})
