import { expect, test } from "@playwright/test"
import { baseUrl, expectedSidebar, login, renderedSidebar, shot } from "../helpers"

test("agent1 logs in and sees exactly the sidebar its ACL allows", async ({ page }) => {
  const problems: string[] = []
  page.on("pageerror", (error) => problems.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text())
  })
  const body = await login(page, "agent1")
  await expect(page.locator("[data-testid=sidebar]")).toBeVisible()
  await page.waitForSelector("[data-testid=nav-item]")
  const expected = expectedSidebar(body.user_acl)
  expect(expected.length).toBeGreaterThan(0)
  expect(await renderedSidebar(page)).toEqual(expected)
  // Items the ACL marks false or lacks are absent.
  const shown = new Set(expected.flatMap((section) => section.paths))
  for (const [key, value] of Object.entries(body.user_acl)) {
    if (value !== true) expect(shown.has(key.replace(/^FRONT:/, ""))).toBe(false)
  }
  await expect(page.getByTestId("page-title")).toBeVisible()
  await shot(page, "agent1-dashboard")
  expect(problems).toEqual([])
})

test("a forbidden route redirects to the user's home, an unknown one to the not-found page", async ({ page }) => {
  const body = await login(page, "agent1")
  expect(body.user_acl["FRONT:/apps/users"]).not.toBe(true)
  await page.goto(`${baseUrl()}/apps/users`)
  await page.waitForURL("**/apps/dashboard")
  await expect(page.getByTestId("page-title")).toHaveText("Dashboard")
  await page.goto(`${baseUrl()}/no/such/page`)
  await page.waitForURL("**/pagenotfound")
  await expect(page.getByTestId("not-found")).toContainText("404 Page Not Found")
  await shot(page, "agent1-not-found")
  // The root goes to /dashboard when held, else to a held home route.
  await page.goto(`${baseUrl()}/`)
  await page.waitForURL((url) => url.pathname === (body.user_acl["FRONT:/dashboard"] === true ? "/dashboard" : "/apps/dashboard"))
})

test("a user without a home route lands on the root page; logged out, a protected route goes to login", async ({ page }) => {
  const body = await login(page, "agent2")
  expect(body.user_acl["FRONT:/apps/dashboard"]).not.toBe(true)
  await page.goto(`${baseUrl()}/apps/users`)
  await page.waitForURL((url) => url.pathname === "/")
  await expect(page.getByTestId("landing")).toBeVisible()
  expect(await renderedSidebar(page)).toEqual(expectedSidebar(body.user_acl))
  await shot(page, "agent2-landing")
  await page.getByTestId("user-menu").click()
  await page.getByTestId("logout").click()
  await page.waitForURL("**/login")
  await expect(page.getByTestId("session-message")).toHaveText("You have signed out.")
  await page.goto(`${baseUrl()}/apps/chat`)
  await page.waitForURL("**/login")
})

test("a second login elsewhere shows the 'different device' alert and returns the first session to login", async ({ browser }) => {
  const first = await browser.newContext()
  const second = await browser.newContext()
  const page = await first.newPage()
  await login(page, "admin")
  await page.waitForSelector("[data-testid=nav-item]")
  const alerts: string[] = []
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  await login(await second.newPage(), "admin")
  // Any call of the first session now answers 401: going online is one, unless a read of its screen got there first.
  const presence = page.getByTestId("presence")
  if (await presence.isVisible()) await presence.click({ force: true, timeout: 5_000 }).catch(() => undefined)
  await page.waitForURL("**/login", { timeout: 15_000 })
  expect(alerts).toEqual(["You are already logged in on a different device. Please wait for a few minutes, and try again."])
  expect(await page.evaluate(() => window.localStorage.getItem("user_token"))).toBeNull()
  await shot(page, "different-device-login")
  await first.close()
  await second.close()
})

test("removing user_token in a second tab reloads the first", async ({ context }) => {
  const page = await context.newPage()
  await login(page, "admin2")
  await page.waitForSelector("[data-testid=nav-item]")
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
  const other = await context.newPage()
  await other.goto(`${baseUrl()}/pagenotfound`)
  const reloaded = page.waitForEvent("load")
  await other.evaluate(() => window.localStorage.removeItem("user_token"))
  await reloaded
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined()
  await page.waitForURL("**/login")
})

test("the token page reports a missing and an invalid access_token", async ({ page }) => {
  await page.goto(`${baseUrl()}/pages/auth/token`)
  await expect(page.getByTestId("session-message")).toHaveText("Failed to login with token.")
  await page.goto(`${baseUrl()}/pages/auth/token?access_token=not-a-valid-token`)
  await expect(page.getByTestId("session-message")).toHaveText("Invalid access_token")
  await shot(page, "token-invalid")
})

test("forgot password sends the mail and shows the mail-confirm page; a bad reset link is refused", async ({ page }) => {
  await page.goto(`${baseUrl()}/pages/auth/forgot-password`)
  await page.fill("#forgot-email", "agent1@example.com")
  await page.getByRole("button", { name: "Send reset link" }).click()
  await page.waitForURL("**/pages/auth/mail-confirm")
  await expect(page.getByTestId("mail-confirm")).toContainText("agent1@example.com")
  await page.goto(`${baseUrl()}/pages/auth/reset-password?token=bogus-token-value`)
  await page.fill("#reset-password", "new-password-1")
  await page.fill("#reset-confirm", "new-password-2")
  await page.getByRole("button", { name: "Set password" }).click()
  await expect(page.getByTestId("account-problem")).toHaveText("The two passwords differ")
  await page.fill("#reset-confirm", "new-password-1")
  await page.getByRole("button", { name: "Set password" }).click()
  await expect(page.getByTestId("account-problem")).toContainText("The request failed")
})

test("Arabic renders right to left and the choice persists", async ({ page }) => {
  await page.goto(`${baseUrl()}/login`)
  await page.getByTestId("language-menu").selectOption("ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("تسجيل الدخول")
  await shot(page, "login-ar")
  await login(page, "agent1")
  await page.waitForSelector("[data-testid=nav-item]")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const sidebar = await page.getByTestId("sidebar").boundingBox()
  const viewport = page.viewportSize()!
  expect(sidebar!.x).toBeGreaterThan(viewport.width / 2)
  await shot(page, "agent1-ar")
  await page.reload()
  await page.waitForSelector("[data-testid=nav-item]")
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
  // Back to English through the shell's menu.
  await page.getByTestId("language-menu").click()
  await page.getByTestId("language-en").click()
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
})

test("layout settings switch to horizontal and dark, and persist for the user", async ({ page }) => {
  await login(page, "superadmin")
  await page.waitForSelector("[data-testid=sidebar]")
  await page.getByTestId("layout-settings").click()
  await page.getByTestId("layout-panel").getByRole("radio", { name: "Horizontal", exact: true }).click()
  await expect(page.getByTestId("shell")).toHaveAttribute("data-layout", "horizontal")
  await page.getByTestId("layout-panel").getByRole("radio", { name: "Dark" }).click()
  await expect(page.locator("body")).toHaveClass(/bp6-dark/)
  await expect(page.getByTestId("layout-status")).toHaveText("Saved to your account")
  await shot(page, "layout-panel-dark")
  await page.keyboard.press("Escape")
  await shot(page, "superadmin-horizontal-dark")
  // Another browser (no cache) gets the same look from the server.
  const fresh = await page.context().browser()!.newContext()
  const other = await fresh.newPage()
  await login(other, "superadmin")
  await expect(other.getByTestId("shell")).toHaveAttribute("data-layout", "horizontal")
  await expect(other.locator("body")).toHaveClass(/bp6-dark/)
  // Back to the defaults for the other tests.
  await other.getByTestId("layout-settings").click()
  await other.getByTestId("layout-panel").getByRole("radio", { name: "Vertical" }).click()
  await other.getByTestId("layout-panel").getByRole("radio", { name: "Light" }).click()
  await expect(other.getByTestId("layout-status")).toHaveText("Saved to your account")
  await fresh.close()
})

test("company-area sub-pages open under the company-details entry with their section title", async ({ page }) => {
  const body = await login(page, "admin")
  test.skip(body.user_acl["FRONT:/apps/company-details"] !== true, "admin holds no company-details entry")
  // Every sub-page is built now (configration last, by tenant-settings): each has its own title.
  await page.goto(`${baseUrl()}/apps/company-details/configration`)
  await expect(page.getByTestId("page-title")).toHaveText("Configuration")
  await expect(page.getByTestId("not-available")).toHaveCount(0)
  await page.goto(`${baseUrl()}/apps/company-details/Profile`)
  await expect(page.getByTestId("page-title")).toHaveText("Profile")
  await expect(page.getByTestId("not-available")).toHaveCount(0)
  await page.goto(`${baseUrl()}/apps/company-details/no-such-section`)
  await page.waitForURL("**/pagenotfound")
})

test("locking the session asks for the password again and unlocks back into the console", async ({ page }) => {
  await login(page, "agent1")
  await page.waitForSelector("[data-testid=sidebar]")
  await page.getByTestId("user-menu").click()
  await page.getByTestId("lock").click()
  await page.waitForURL("**/pages/auth/lock")
  await expect(page.getByTestId("lock-form")).toBeVisible()
  // A reload does not escape the lock.
  await page.goto(`${baseUrl()}/apps/chat`)
  await page.waitForURL("**/pages/auth/lock")
  await page.fill("#lock-username", "agent1")
  await page.fill("#lock-password", "wrong-password")
  await page.getByRole("button", { name: "Unlock" }).click()
  await expect(page.getByTestId("session-message")).toContainText("Sign-in failed")
  await page.fill("#lock-password", "demo1234")
  await page.getByRole("button", { name: "Unlock" }).click()
  await page.waitForURL((url) => !url.pathname.startsWith("/pages/auth/lock"))
  await expect(page.getByTestId("sidebar")).toBeVisible()
})
