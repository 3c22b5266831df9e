/**
 * Team chat in Chromium against the seeded server, three people in three browser contexts: the admin creates a group
 * with agent1 from the team-chat drawer and writes in it; agent1 sees the unread badge appear live and clear when the
 * group is opened; a third agent, not a member, never sees the group. English and Arabic screenshots.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test"
import { baseUrl, login, shot } from "../helpers"

const api = async (request: APIRequestContext, path: string, body: unknown, token?: string) => {
  const response = await request.post(`${baseUrl()}/api${path}`, { data: body, headers: token ? { "user-token": token } : {} })
  expect(response.status(), path).toBe(200)
  return response.json()
}

/** A fresh agent of tenant one on the seeded "agent" role (team chat included), made through the users API. */
const newAgent = async (request: APIRequestContext, username: string) => {
  const admin = await api(request, "/auth/user", { username: "admin", password: "demo1234" })
  const roles = await api(request, "/backend/fetch/list/roles", { limit: 100 }, admin.user_token)
  const role = roles.data.items.find((r: { name: string }) => r.name === "agent")
  await api(
    request,
    "/backend/users/create",
    { username, email: `${username}@example.org`, password: "demo1234", display_name: "Third Agent", role_id: role.id },
    admin.user_token,
  )
}

const openAs = async (browser: Browser, username: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage()
  await login(page, username)
  await expect(page.getByTestId("team-chat-open")).toBeVisible()
  return page
}

test("Team chat: a group message arrives live with an unread badge that clears when opened; a non-member never sees the group", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const tag = Date.now().toString(36)
  const group = `Night shift ${tag}`
  const third = `third${tag}`
  await newAgent(request, third)
  const admin = await openAs(browser, "admin")
  const agent = await openAs(browser, "agent1")
  const outsider = await openAs(browser, third)

  // The admin creates the group with agent1 from the managers' tab.
  await admin.getByTestId("team-chat-open").click()
  await admin.getByTestId("team-tab-manage").click()
  await admin.getByTestId("groups-new").click()
  const dialog = admin.getByTestId("group-dialog")
  await dialog.getByTestId("group-name").fill(group)
  await dialog.getByTestId("group-description").fill("Weekend cover")
  await dialog.getByText("Kerem Agent", { exact: true }).click()
  await expect(dialog.getByRole("checkbox", { name: "Kerem Agent" })).toBeChecked()
  await dialog.getByTestId("group-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  const row = admin.locator(`[data-testid=group-row][data-name="${group}"]`)
  await expect(row).toBeVisible()
  await expect(row.getByTestId("group-row-members")).toHaveText("2")
  await shot(admin, "agent-groups/manage-en")

  // The admin writes in the group.
  await admin.getByTestId("team-tab-chats").click()
  await admin.locator(`[data-testid=team-group][data-name="${group}"]`).click()
  await admin.getByTestId("team-draft").fill("Standup in five minutes")
  await admin.getByTestId("team-draft").press("Enter")
  await expect(admin.getByTestId("team-line").last()).toContainText("Standup in five minutes")
  await expect(admin.getByTestId("team-draft")).toHaveValue("")

  // agent1, who has not touched anything, sees the badge arrive live; opening the group reads it and clears it.
  await expect(agent.getByTestId("team-chat-badge")).toHaveText("1")
  await agent.getByTestId("team-chat-open").click()
  const mine = agent.locator(`[data-testid=team-group][data-name="${group}"]`)
  await expect(mine.getByTestId("team-unread")).toHaveText("1")
  await mine.click()
  await expect(agent.getByTestId("team-line").last()).toContainText("Standup in five minutes")
  await expect(agent.getByTestId("team-chat-badge")).toHaveCount(0)
  await shot(agent, "agent-groups/thread-en")

  // While agent1 has the group open, the next message appears in the thread and adds no badge.
  await admin.getByTestId("team-draft").fill("Table 4 needs a hand")
  await admin.getByTestId("team-send").click()
  await expect(agent.getByTestId("team-line").last()).toContainText("Table 4 needs a hand")
  await expect(agent.getByTestId("team-chat-badge")).toHaveCount(0)

  // The non-member lists no such group, even after the messages.
  await outsider.getByTestId("team-chat-open").click()
  await expect(outsider.getByTestId("team-list")).toBeVisible()
  await expect(outsider.getByTestId("team-colleague").first()).toBeVisible()
  await expect(outsider.locator(`[data-testid=team-group][data-name="${group}"]`)).toHaveCount(0)
  await expect(outsider.getByTestId("team-chat-badge")).toHaveCount(0)

  // Arabic: the drawer opens from the left, mirrored.
  await agent.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await agent.reload()
  await expect(agent.locator("html")).toHaveAttribute("dir", "rtl")
  await agent.getByTestId("team-chat-open").click()
  await agent.locator(`[data-testid=team-group][data-name="${group}"]`).click()
  await expect(agent.getByTestId("team-line").last()).toContainText("Table 4 needs a hand")
  await expect(agent.getByTestId("team-draft")).toHaveAttribute("placeholder", "اكتب رسالة")
  await shot(agent, "agent-groups/thread-ar")
  await agent.evaluate(() => localStorage.setItem("i18nextLng", "en"))
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await admin.reload()
  await admin.getByTestId("team-chat-open").click()
  await admin.getByTestId("team-tab-manage").click()
  await expect(admin.locator(`[data-testid=group-row][data-name="${group}"]`)).toBeVisible()
  await shot(admin, "agent-groups/manage-ar")
  await admin.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
