/**
 * Access changes reach an open console live (two browser contexts): an admin takes a screen away from the role of an
 * agent who has it open; without reloading, the agent's sidebar loses it and the screen gives way to what the
 * access rule allows. Given back, the item returns.
 */
import { expect, test } from "@playwright/test"
import { frontKey } from "../../../src/contract/routes"
import { baseUrl, login, renderedSidebar, shot } from "../helpers"

const dialogKey = (path: string) => `input[data-key="${frontKey(path)}"]`
const items = async (page: import("@playwright/test").Page) => (await renderedSidebar(page)).flatMap((group) => group.paths).sort()

test("an admin removes a screen from an agent's role: the agent's sidebar and screen change live", async ({ browser, page }) => {
  const tag = Date.now().toString(36)
  await login(page, "admin")
  const token = await page.evaluate(() => localStorage.getItem("user_token") ?? localStorage.getItem("userToken") ?? "")
  const api = (path: string, data: unknown) =>
    page.request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token.replace(/^"|"$/g, "") } })

  // A role for this test and an agent holding it (the seeded agents stay as they are).
  const catalogue = await (await api("/backend/fetch/list/permissions", { limit: 1000 })).json()
  const idOf = (key: string) => catalogue.data.items.find((p: { key: string }) => p.key === key).id
  const keys = [frontKey("/apps/chat"), frontKey("/apps/labels"), "BACK:chat", "BACK:tagging"]
  const role = await (await api("/backend/roles/create", { name: `Live ${tag}`, permission_ids: keys.map(idOf) })).json()
  expect(role.data.role.id).toBeGreaterThan(0)
  const created = await api("/backend/users/create", {
    username: `live-${tag}`,
    email: `live-${tag}@example.test`,
    password: `pass-${tag}-word`,
    display_name: `Live ${tag}`,
    role_id: role.data.role.id,
  })
  expect(created.status()).toBe(200)

  const agentContext = await browser.newContext()
  const agent = await agentContext.newPage()
  await login(agent, `live-${tag}`, `pass-${tag}-word`)
  await agent.goto(`${baseUrl()}/apps/labels`)
  await expect(agent.getByTestId("labels-page")).toBeVisible()
  expect(await items(agent)).toEqual(["/apps/chat", "/apps/labels"])

  // The admin unticks Labels in the role; the preview says it disappears; saving reaches the agent.
  await page.goto(`${baseUrl()}/apps/roles`)
  await page.getByTestId("roles-search").fill(`Live ${tag}`)
  await page.getByTestId("roles-search").press("Enter")
  // Wait for the search's answer: until it lands, the unfiltered list is still on screen.
  await expect(page.getByTestId("role-row")).toHaveCount(1)
  await page.getByTestId("role-row").getByTestId("role-row-edit").click()
  const dialog = page.getByTestId("role-dialog")
  await dialog.locator(`label:has(${dialogKey("/apps/labels")})`).uncheck()
  await expect(dialog.getByTestId("preview-disappear").locator("[data-path]")).toHaveText(["Labels"])
  await shot(page, "admin/live-preview-en")
  const marked = await agent.evaluate(() => {
    ;(window as { __sameDocument?: boolean }).__sameDocument = true
    return true
  })
  expect(marked).toBe(true)
  await dialog.getByTestId("role-dialog-save").click()
  await expect(dialog).toHaveCount(0)

  await expect.poll(() => items(agent), { timeout: 5_000 }).toEqual(["/apps/chat"])
  await expect(agent.getByTestId("labels-page")).toHaveCount(0)
  await expect(agent).not.toHaveURL(/\/apps\/labels/)
  // No reload happened: the same document, the same login.
  expect(await agent.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  await shot(agent, "admin/live-agent-after-en")

  // Given back, it returns, still without a reload; a reload keeps what was adopted.
  await page.getByTestId("role-row").getByTestId("role-row-edit").click()
  await dialog.locator(`label:has(${dialogKey("/apps/labels")})`).check()
  await dialog.getByTestId("role-dialog-save").click()
  await expect.poll(() => items(agent), { timeout: 5_000 }).toEqual(["/apps/chat", "/apps/labels"])
  await agent.reload()
  await expect(agent.getByTestId("sidebar")).toBeVisible()
  expect(await items(agent)).toEqual(["/apps/chat", "/apps/labels"])
  await agentContext.close()
})
