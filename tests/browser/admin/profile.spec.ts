/**
 * The own profile in Chromium: name saved, a new e-mail only with the current password, a wrong current password
 * refused on its field, a new password that works at the next login while the old one no longer does; the theme is
 * the layout's (the toolbar follows); Arabic.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

test("profile: details, password change with the current one, theme; Arabic mirrors", async ({ browser, page: adminPage }) => {
  const tag = Date.now().toString(36)
  await login(adminPage, "admin")
  const token = await adminPage.evaluate(() => localStorage.getItem("user_token") ?? "")
  // A user of the seeded "limited agent" role, which opens the profile.
  const roles = await (
    await adminPage.request.post(`${baseUrl()}/api/backend/fetch/list/roles`, {
      headers: { "user-token": token },
      data: { search: "limited" },
    })
  ).json()
  const created = await adminPage.request.post(`${baseUrl()}/api/backend/users/create`, {
    headers: { "user-token": token },
    data: {
      username: `me-${tag}`,
      email: `me-${tag}@example.test`,
      password: `first-${tag}-pw`,
      display_name: `Mert ${tag}`,
      role_id: roles.data.items[0].id,
    },
  })
  expect(created.status()).toBe(200)

  const context = await browser.newContext()
  const page = await context.newPage()
  await login(page, `me-${tag}`, `first-${tag}-pw`)
  // The profile is reached from the user menu.
  await page.getByTestId("user-menu").click()
  await page.getByTestId("open-profile").click()
  await expect(page).toHaveURL(/\/apps\/profile$/)
  await expect(page.getByTestId("page-title")).toHaveText("Profile")
  await expect(page.locator("#profile-name")).toHaveValue(`Mert ${tag}`)
  await page.locator("#profile-name").fill(`Mert Y ${tag}`)
  await page.getByTestId("profile-details-save").click()
  await expect(page.getByTestId("profile-saved")).toBeVisible()
  // A new e-mail asks for the current password; the old address is told (server/core/mail.test.ts).
  await page.locator("#profile-email").fill(`me2-${tag}@example.test`)
  await page.getByTestId("profile-details-save").click()
  await expect(page.getByTestId("profile-details-problem")).toHaveText("Enter your current password.")
  await page.getByTestId("profile-email-current").fill("not-my-password")
  await page.getByTestId("profile-details-save").click()
  await expect(page.getByTestId("profile-details")).toContainText("The current password is wrong")
  await page.getByTestId("profile-email-current").fill(`first-${tag}-pw`)
  await page.getByTestId("profile-details-save").click()
  await expect(page.getByTestId("profile-email-current")).toHaveCount(0)
  await expect(page.locator("#profile-email")).toHaveValue(`me2-${tag}@example.test`)

  await page.getByTestId("profile-current").fill("not-my-password")
  await page.getByTestId("profile-next").fill(`second-${tag}-pw`)
  await page.getByTestId("profile-repeat").fill(`second-${tag}-pw`)
  await page.getByTestId("profile-password-save").click()
  await expect(page.getByTestId("profile-password")).toContainText("The current password is wrong")
  await shot(page, "admin/profile-wrong-current-en")
  await page.getByTestId("profile-current").fill(`first-${tag}-pw`)
  await page.getByTestId("profile-password-save").click()
  await expect(page.getByTestId("profile-password-changed")).toBeVisible()
  await expect(page.getByTestId("profile-current")).toHaveValue("")

  // The theme is the layout's own setting: the toolbar's toggle shows the same.
  await page.getByTestId("profile-theme").getByRole("radio", { name: "Dark" }).click()
  await expect(page.locator("body.bp6-dark, .bp6-dark").first()).toBeVisible()
  await page.getByTestId("profile-theme").getByRole("radio", { name: "Light" }).click()

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("الملف الشخصي")
  await expect(page.locator("#profile-name")).toHaveValue(`Mert Y ${tag}`)
  await shot(page, "admin/profile-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))

  // The old password no longer opens; the new one does.
  const old = await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username: `me-${tag}`, password: `first-${tag}-pw` } })
  expect(old.status()).toBe(401)
  const fresh = await browser.newContext()
  await login(await fresh.newPage(), `me-${tag}`, `second-${tag}-pw`)
  await fresh.close()
  await context.close()
})
