/**
 * The SIP trunk form on the PBX page in Chromium against the real server: the admin opens it, a caller id
 * that is not E.164 is refused before any request, the server's 400 is shown with the draft kept, a valid trunk is
 * saved and is there after a reload (the password never shown, only that one is stored), and the Arabic dialog reads
 * right to left.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login } from "../helpers"

test("SIP trunk form: refuse a bad caller id without a request, save, reload and see it kept; Arabic mirrors", async ({ page }) => {
  // A tenant's own numbers are unique across tenants: a fresh one each run.
  const inbound = `+4930${String(Date.now()).slice(-8)}`
  let saves = 0
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/pbx/trunk")) saves += 1
  })
  await login(page, "admin")
  await page.goto(`${baseUrl()}/apps/pbxcalls`)
  await page.getByTestId("pbx-trunk-open").click()
  const dialog = page.locator(".bp6-dialog")
  await expect(dialog.getByTestId("pbx-trunk-host")).toBeVisible()

  await page.getByTestId("pbx-trunk-host").fill("sip.carrier.example")
  await page.getByTestId("pbx-trunk-caller_id").fill("030 555000")
  await page.getByTestId("pbx-trunk-save").click()
  await expect(page.getByTestId("pbx-trunk-problem")).toHaveText(
    "Caller ID is not valid. Write it in E.164: + and 7 to 15 digits, e.g. +4930555000.",
  )
  expect(saves).toBe(0)

  await page.getByTestId("pbx-trunk-caller_id").fill("+4930555000")
  await expect(page.getByTestId("pbx-trunk-problem")).toHaveCount(0)
  await page.getByTestId("pbx-trunk-port").fill("5080")
  await page.getByTestId("pbx-trunk-transport").selectOption("tcp")
  await page.getByTestId("pbx-trunk-auth").selectOption("digest")
  await page.getByTestId("pbx-trunk-username").fill("acme")
  await page.getByTestId("pbx-trunk-password").fill("s3cret!")
  await page.getByTestId("pbx-trunk-format").selectOption("national")
  await page.getByTestId("pbx-trunk-country_code").fill("49")
  await page.getByTestId("pbx-trunk-national_prefix").fill("0")
  await page.getByTestId("pbx-trunk-international_prefix").fill("00")
  await page.getByTestId("pbx-trunk-inbound").fill(inbound)
  await page.getByTestId("pbx-trunk-user-agent1").check({ force: true })
  // agent2 may not use the softphone: the server's 400 is shown and the draft kept.
  await page.getByTestId("pbx-trunk-user-agent2").check({ force: true })
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/pbx/trunk") && r.request().method() === "POST"),
    page.getByTestId("pbx-trunk-save").click(),
  ])
  expect(refused.status()).toBe(400)
  await expect(page.getByTestId("pbx-trunk-failure")).toContainText("cannot use the softphone")
  await expect(page.getByTestId("pbx-trunk-host")).toHaveValue("sip.carrier.example")
  await expect(page.getByTestId("pbx-trunk-password")).toHaveValue("s3cret!")
  await page.getByTestId("pbx-trunk-user-agent2").uncheck({ force: true })
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/pbx/trunk") && r.request().method() === "POST"),
    page.getByTestId("pbx-trunk-save").click(),
  ])
  expect(saved.status()).toBe(200)
  expect(saves).toBe(2)
  await expect(page.getByTestId("pbx-trunk-failure")).toHaveCount(0)
  await expect(page.getByTestId("pbx-trunk-saved").first()).toBeVisible()
  await expect(page.getByTestId("pbx-trunk-password")).toHaveValue("")
  await expect(page.getByTestId("pbx-trunk-password-stored")).toBeVisible()

  await page.reload()
  await page.getByTestId("pbx-trunk-open").click()
  await expect(page.getByTestId("pbx-trunk-host")).toHaveValue("sip.carrier.example")
  await expect(page.getByTestId("pbx-trunk-port")).toHaveValue("5080")
  await expect(page.getByTestId("pbx-trunk-transport")).toHaveValue("tcp")
  await expect(page.getByTestId("pbx-trunk-auth")).toHaveValue("digest")
  await expect(page.getByTestId("pbx-trunk-username")).toHaveValue("acme")
  await expect(page.getByTestId("pbx-trunk-password")).toHaveValue("")
  await expect(page.getByTestId("pbx-trunk-password-stored")).toHaveText("A password is stored; leave empty to keep it.")
  await expect(page.getByTestId("pbx-trunk-format")).toHaveValue("national")
  await expect(page.getByTestId("pbx-trunk-country_code")).toHaveValue("49")
  await expect(page.getByTestId("pbx-trunk-caller_id")).toHaveValue("+4930555000")
  await expect(page.getByTestId("pbx-trunk-inbound")).toHaveValue(inbound)
  await expect(page.getByTestId("pbx-trunk-user-agent1")).toBeChecked()

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.getByTestId("pbx-trunk-open").click()
  await expect(dialog.locator(".bp6-dialog-header")).toHaveText(/خط SIP/)
  await expect(page.getByTestId("pbx-trunk-password-stored")).toHaveText("توجد كلمة مرور محفوظة؛ اتركها فارغة للإبقاء عليها.")
  expect(await dialog.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl")
  await page.waitForTimeout(400)
  await dialog.screenshot({ path: ".tmp/screenshots/pbx-trunk-form-ar.png" })
  await page.getByTestId("pbx-trunk-users").scrollIntoViewIfNeeded()
  await dialog.screenshot({ path: ".tmp/screenshots/pbx-trunk-form-ar-users.png" })
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
