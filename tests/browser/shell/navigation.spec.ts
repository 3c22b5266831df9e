/**
 * Navigation as a person uses it: the grouped sidebar (each item its own icon, groups folded and kept so across a
 * reload), one address per screen (the others redirect with their query), the Ctrl+K quick jump by keyboard, no dead
 * ends (the tenant's Company Profile opens its company area, whose sub-pages lead back; the channel pages and the SMS
 * providers load without a refused call; the public template page logged out), and the limited agent's contact book
 * without the tools it may not use.
 */
import { expect, type Page, test } from "@playwright/test"
import { sidebarOrder } from "../../../src/contract/routes"
import { baseUrl, expectedSidebar, login, openInApp, renderedSidebar, shot } from "../helpers"

/** Every 4xx/5xx the console's own calls get while `run` runs. */
const refusals = async (page: Page, run: () => Promise<void>) => {
  const refused: string[] = []
  const listen = (response: { status: () => number; url: () => string }) => {
    if (response.status() >= 400 && response.url().includes("/api/")) refused.push(`${response.status()} ${response.url()}`)
  }
  page.on("response", listen)
  await run()
  await page.waitForLoadState("networkidle")
  page.off("response", listen)
  return refused
}

test("the admin's sidebar: groups in order, each item its own icon, a folded group stays folded", async ({ page }) => {
  const body = await login(page, "admin")
  await page.waitForSelector("[data-testid=nav-item]")
  const expected = expectedSidebar(body.user_acl)
  expect(await renderedSidebar(page)).toEqual(expected)
  const groups = expected.map((section) => section.group)
  expect(groups).toEqual(sidebarOrder.filter((group) => groups.includes(group)))
  expect(groups.slice(0, 3)).toEqual(["dashboard", "company", "chat"])
  const icons = await page
    .locator("[data-testid=nav-item] [data-icon]")
    .evaluateAll((all) => all.map((icon) => icon.getAttribute("data-icon")))
  expect(icons.length).toBe(expected.flatMap((section) => section.paths).length)
  expect(new Set(icons).size).toBe(icons.length)

  const reports = page.locator("[data-testid=nav-group][data-group=reports]")
  await reports.getByTestId("nav-group-toggle").click()
  await expect(reports.getByTestId("nav-group-toggle")).toHaveAttribute("aria-expanded", "false")
  await expect(reports.getByTestId("nav-item")).toHaveCount(0)
  await page.reload()
  await page.waitForSelector("[data-testid=nav-item]")
  await expect(reports.getByTestId("nav-item")).toHaveCount(0)
  await shot(page, "shell/sidebar-grouped")
  await reports.getByTestId("nav-group-toggle").click()
  await expect(reports.getByTestId("nav-item").first()).toBeVisible()
})

test("a screen has one address: the others redirect to it, keeping the query", async ({ page }) => {
  await login(page, "admin")
  await page.goto(`${baseUrl()}/channels/fbchannels?from=test`)
  await page.waitForURL((url) => url.pathname === "/channels/fb-page" && url.search === "?from=test")
  await page.goto(`${baseUrl()}/apps/company-details/CannedReplies`)
  await page.waitForURL((url) => url.pathname === "/apps/canned-messages")
  await expect(page.locator("[data-testid=nav-item][data-path='/apps/canned-messages']")).toHaveClass(/bp6-active/)

  // Followed inside the console, an alias keeps the frame drawn: the same sidebar, and never an empty page between.
  await page.getByTestId("sidebar").evaluate((sidebar) => {
    sidebar.setAttribute("data-before", "")
    const seen = window as unknown as { emptyPage: boolean }
    seen.emptyPage = false
    new MutationObserver(() => {
      if (document.getElementById("mc-content")?.childElementCount === 0) seen.emptyPage = true
    }).observe(document.body, { childList: true, subtree: true })
  })
  await openInApp(page, "/apps/company-details/autoReply")
  await page.waitForURL((url) => url.pathname === "/adminchatbot")
  await expect(page.locator("#mc-content [data-testid=page-title]")).toBeVisible()
  await expect(page.locator("[data-testid=sidebar][data-before]")).toHaveCount(1)
  expect(await page.evaluate(() => (window as unknown as { emptyPage: boolean }).emptyPage)).toBe(false)
})

test("Ctrl+K jumps to a screen by its title in the current language, by keyboard", async ({ page }) => {
  await login(page, "admin")
  await page.waitForSelector("[data-testid=nav-item]")
  await page.keyboard.press("Control+k")
  const input = page.getByTestId("jump-input")
  await expect(input).toBeFocused()
  await input.fill("chat")
  const options = page.getByTestId("jump-option")
  await expect(options.first()).toHaveAttribute("aria-selected", "true")
  const count = await options.count()
  expect(count).toBeGreaterThan(1)
  await input.press("ArrowDown")
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true")
  const target = await options.nth(1).getAttribute("data-path")
  await input.press("Enter")
  await page.waitForURL((url) => url.pathname === target)
  await expect(page.getByTestId("quick-jump")).toHaveCount(0)

  // The top bar's button opens it too; Escape closes it; nothing by that name says so.
  await page.getByTestId("jump-open").click()
  await input.fill("zzzz no such screen")
  await expect(page.getByTestId("jump-none")).toBeVisible()
  await input.press("Escape")
  await expect(page.getByTestId("quick-jump")).toHaveCount(0)

  // Turkish titles: "Kullanıcılar" is found by "kullanici".
  await page.evaluate(() => localStorage.setItem("i18nextLng", "tr"))
  await page.reload()
  await page.waitForSelector("[data-testid=nav-item]")
  await page.keyboard.press("Control+k")
  await input.fill("kullanici")
  await expect(page.locator("[data-testid=jump-option][data-path='/apps/users']")).toBeVisible()
  await shot(page, "shell/quick-jump-tr")
  await input.press("Enter")
  await page.waitForURL((url) => url.pathname === "/apps/users")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})

test("no dead ends: the tenant's company area from its Company Profile, and back from a sub-page", async ({ page }) => {
  await login(page, "admin")
  await page.locator("[data-testid=nav-item][data-path='/apps/company-profile']").click()
  await page.waitForURL((url) => url.pathname === "/apps/company-details")
  await page.locator("[data-testid=company-section][data-section=Profile]").click()
  await page.waitForURL((url) => url.pathname === "/apps/company-details/Profile")
  await page.getByTestId("company-back").click()
  await page.waitForURL((url) => url.pathname === "/apps/company-details")
  // A sub-page that shows a screen living elsewhere links there directly.
  await expect(page.locator("[data-testid=company-section][data-section=CannedReplies]")).toHaveAttribute("href", "/apps/canned-messages")
})

test("screens the admin may open load without a refused call: Facebook, Instagram, SMS providers", async ({ page }) => {
  await login(page, "admin")
  for (const [path, ready] of [
    ["/channels/fb-page", "facebook-channel-page"],
    ["/channels/Instagram", "instagram-channel-page"],
    ["/apps/company-details/sms-provider", "sms-providers-page"],
  ] as const) {
    const refused = await refusals(page, async () => {
      await page.goto(`${baseUrl()}${path}`)
      await expect(page.getByTestId(ready)).toBeVisible()
    })
    expect(refused, path).toEqual([])
  }
})

test("the limited agent's contact book draws only the tools it may use, and nothing it opens is refused", async ({ page }) => {
  await login(page, "agent2")
  const refused = await refusals(page, async () => {
    await page.goto(`${baseUrl()}/apps/contacts/all`)
    await expect(page.getByTestId("contact-row").first()).toBeVisible()
  })
  expect(refused).toEqual([])
  await expect(page.getByTestId("contacts-filter-group")).toBeVisible()
  for (const kind of ["flag", "tag", "segment", "label"]) await expect(page.getByTestId(`contacts-filter-${kind}`)).toHaveCount(0)
  for (const kind of ["flag", "unflag", "tag"]) await expect(page.getByTestId(`bulk-${kind}`)).toHaveCount(0)
  await expect(page.getByTestId("bulk-export")).toBeVisible()
  await shot(page, "shell/contacts-limited-agent")
})

test("the public template page, logged out, offers the sign-in instead of failing", async ({ page }) => {
  const refused = await refusals(page, async () => {
    await page.goto(`${baseUrl()}/templateMessage-individual-user`)
    await expect(page.getByTestId("template-send-signed-out")).toBeVisible()
  })
  expect(refused).toEqual([])
  await page.getByTestId("template-send-sign-in").click()
  await page.waitForURL((url) => url.pathname === "/login")
})
