/** Revoked tokens in Chromium against the seeded server: a short token refused, a real key revoked and refused by the API, taken back; the cache cleared; Arabic. */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"

test("Blacklisted tokens: revoke a session's client token, the API refuses it, take it back; clear the cache", async ({
  page,
  request,
}) => {
  // A second login of agent1 whose client token the admin revokes (as if it had leaked).
  const session = await (await request.post(`${baseUrl()}/api/auth/user`, { data: { username: "agent1", password: "demo1234" } })).json()
  const token: string = session.client_token
  const authenticate = () => request.get(`${baseUrl()}/api/authenticate`, { headers: { "client-token": token } })
  expect((await authenticate()).status()).toBe(200)

  await loginTo(page, "admin", "/apps/blacklist-token")
  await expect(page.getByTestId("page-title")).toHaveText("Blacklisted tokens")
  const dialog = page.getByTestId("revoke-dialog")
  await page.getByTestId("revoke-new").click()
  await dialog.getByTestId("revoke-token").fill("too-short")
  await dialog.getByTestId("revoke-dialog-save").click()
  await expect(dialog).toContainText("A token has at least 16 characters.")
  await dialog.getByTestId("revoke-token").fill(token)
  await dialog.getByTestId("revoke-reason").fill("Laptop stolen")
  await dialog.getByTestId("revoke-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  const row = page.getByTestId("revoked-table").getByTestId("revoked-row").filter({ hasText: "Laptop stolen" })
  await expect(row).toContainText(`${token.slice(0, 4)}…${token.slice(-4)}`)
  expect((await authenticate()).status()).toBe(401)

  await page.getByTestId("cache-clear").click()
  const cleared = page.getByTestId("cache-result")
  for (const cache of ["the IP whitelist", "the settings", "the SLA policies", "the chatbots", "the roles' permissions"])
    await expect(cleared).toContainText(cache)
  await shot(page, "blacklist/revoked-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الرموز المحظورة")
  await shot(page, "blacklist/revoked-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await page.reload()

  await row.getByTestId("revoked-row-delete").click()
  await page.locator(".bp6-alert").getByRole("button", { name: "Delete" }).click()
  await expect(row).toHaveCount(0)
  // Taking the revocation back does not revive the login it ended.
  expect((await authenticate()).status()).toBe(401)
})
