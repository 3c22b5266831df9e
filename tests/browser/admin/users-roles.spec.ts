/**
 * Users and roles in Chromium against the seeded server: a role made in the permission editor with its sidebar
 * previewed; a user created with it (a taken username refused on the field), who signs in and sees exactly that
 * sidebar; stopped from signing in; both screens and the permissions list in Arabic.
 */
import { expect, test } from "@playwright/test"
import { frontKey } from "../../../src/contract/routes"
import { baseUrl, expectedSidebar, login, loginTo, renderedSidebar, shot } from "../helpers"

const dialogKey = (path: string) => `input[data-key="${frontKey(path)}"]`

test("an admin makes a role and a user with it; the user sees what the preview said; Arabic mirrors", async ({ browser, page }) => {
  // Two people, two languages: 27–44 s on an idle machine, so the default minute is too close under the full suite.
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  await loginTo(page, "admin", "/apps/roles")
  await expect(page.getByTestId("page-title")).toHaveText("Roles")

  // The role: chat and the contact book, previewed before saving.
  await page.getByTestId("roles-new").click()
  const roleDialog = page.getByTestId("role-dialog")
  await roleDialog.getByTestId("role-name").fill(`Desk ${tag}`)
  for (const path of ["/apps/chat", "/apps/contacts/all"]) await roleDialog.locator(`label:has(${dialogKey(path)})`).check()
  const preview = roleDialog.getByTestId("access-preview")
  await expect(preview.getByTestId("preview-appear").locator("[data-path]")).toHaveText(["Conversation", "Contacts"])
  await shot(page, "admin/role-editor-en")
  await roleDialog.getByTestId("role-dialog-save").click()
  await expect(roleDialog).toHaveCount(0)
  await page.getByTestId("roles-search").fill(`Desk ${tag}`)
  await page.getByTestId("roles-search").press("Enter")
  await expect(page.getByTestId("role-row")).toHaveCount(1)

  // The user: a taken username is refused on its field; then created with the role.
  await page.goto(`${baseUrl()}/apps/users`)
  await expect(page.getByTestId("page-title")).toHaveText("Users")
  await page.getByTestId("users-new").click()
  const userDialog = page.getByTestId("user-dialog")
  await userDialog.getByTestId("user-username").fill("agent1")
  await userDialog.getByTestId("user-display_name").fill(`Deniz ${tag}`)
  await userDialog.getByTestId("user-email").fill(`deniz-${tag}@example.test`)
  await userDialog.getByTestId("user-password").fill("short")
  await userDialog.getByTestId("user-dialog-save").click()
  await expect(userDialog.getByTestId("user-dialog-problem")).toHaveText("A password needs at least 8 characters.")
  await userDialog.getByTestId("user-password").fill(`pass-${tag}-word`)
  await userDialog.getByTestId("user-role-select").selectOption({ label: `Desk ${tag}` })
  await expect(userDialog.getByTestId("preview-appear").locator("[data-path]")).toHaveText(["Conversation", "Contacts"])
  await userDialog.getByTestId("user-dialog-save").click()
  await expect(userDialog).toContainText("This username is taken")
  await expect(userDialog.locator(".bp6-form-group.bp6-intent-danger")).toContainText("This username is taken")
  await userDialog.getByTestId("user-username").fill(`deniz-${tag}`)
  await shot(page, "admin/user-editor-en")
  await userDialog.getByTestId("user-dialog-save").click()
  await expect(userDialog).toHaveCount(0)
  await page.getByTestId("users-search").fill(`deniz-${tag}`)
  await page.getByTestId("users-search").press("Enter")
  const row = page.getByTestId("user-row")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("user-role")).toHaveText(`Desk ${tag}`)
  await shot(page, "admin/users-en")

  // The new user signs in and sees the sidebar the preview showed.
  const other = await browser.newContext()
  const userPage = await other.newPage()
  const body = await login(userPage, `deniz-${tag}`, `pass-${tag}-word`)
  await expect(userPage.getByTestId("sidebar")).toBeVisible()
  expect(await renderedSidebar(userPage)).toEqual(expectedSidebar(body.user_acl))
  expect((await renderedSidebar(userPage)).flatMap((g) => g.paths).sort()).toEqual(["/apps/chat", "/apps/contacts/all"])
  await other.close()

  // The voice-call override and the user's own chat cap are kept: reopened, the dialog shows them; a cap out of range
  // is refused in words.
  await row.getByTestId("user-row-edit").click()
  await userDialog.getByTestId("user-voice").selectOption("off")
  await userDialog.getByTestId("user-capacity-chat").fill("101")
  await userDialog.getByTestId("user-dialog-save").click()
  await expect(userDialog.getByText("chats up to 100")).toBeVisible()
  await userDialog.getByTestId("user-capacity-chat").fill("7")
  await shot(page, "admin/user-capacity-en")
  await userDialog.getByTestId("user-dialog-save").click()
  await expect(userDialog).toHaveCount(0)
  await row.getByTestId("user-row-edit").click()
  await expect(userDialog.getByTestId("user-voice")).toHaveValue("off")
  await expect(userDialog.getByTestId("user-capacity-chat")).toHaveValue("7")
  await expect(userDialog.getByTestId("user-capacity-sms")).toHaveValue("")
  await userDialog.getByTestId("user-dialog-cancel").click()

  // Stopped from signing in: the switch says so, and the login is refused.
  await row.locator("label:has([data-testid=user-enabled])").click()
  await expect(row).toHaveAttribute("data-status", "disabled")
  const refused = await page.request.post(`${baseUrl()}/api/auth/user`, {
    data: { username: `deniz-${tag}`, password: `pass-${tag}-word` },
  })
  expect(refused.status()).toBeGreaterThanOrEqual(400)
  expect(refused.status()).toBeLessThan(500)

  // Arabic: the three screens mirror.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("المستخدمون")
  await shot(page, "admin/users-ar")
  await page.getByTestId("users-search").fill(`deniz-${tag}`)
  await page.getByTestId("users-search").press("Enter")
  await expect(row).toHaveCount(1)
  await row.getByTestId("user-row-edit").click()
  await expect(userDialog.getByTestId("user-capacity-chat")).toHaveValue("7")
  await shot(page, "admin/user-capacity-ar")
  await userDialog.getByTestId("user-dialog-cancel").click()
  await page.goto(`${baseUrl()}/apps/roles`)
  await expect(page.getByTestId("page-title")).toHaveText("الأدوار")
  await page.getByTestId("role-row").first().getByTestId("role-row-edit").click()
  await expect(page.getByTestId("permission-editor")).toBeVisible()
  await shot(page, "admin/role-editor-ar")
  await page.getByTestId("role-dialog-cancel").click()
  await page.goto(`${baseUrl()}/apps/permissions`)
  await expect(page.getByTestId("page-title")).toHaveText("الصلاحيات")
  await expect(page.getByTestId("permission-row").first()).toBeVisible()
  await shot(page, "admin/permissions-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await page.reload()
  await expect(page.getByTestId("page-title")).toHaveText("Permissions")
  await shot(page, "admin/permissions-en")
})
