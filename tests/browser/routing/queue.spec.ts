/**
 * The agents' queue in Chromium against the real server: a customer writes and waits (first in the queue by a label
 * rule of the highest priority); an agent of a role with a chat capacity of two (and none for SMS) sees it with its
 * place, the rule and a waiting time that runs, takes next and it leaves the queue; the admin lowers the role's chat
 * capacity to one on the role editor and the agent's queue shows "1 of 1" with "Take next" off while the next one
 * waits (the server's refusal of a take over the cap: server/features/routing/queue.test.ts). The queue in Turkish and
 * Arabic (mirrored).
 */
import { expect, type Page, test } from "@playwright/test"
import { frontKey } from "../../../src/contract/routes"
import { baseUrl, login, shot } from "../helpers"
import { customerWrites, freshNumber } from "../chat/chat-inbox-helpers"

/** The admin's calls; signing in again when the admin's console login replaced this session (one session per user). */
const adminApi = (page: Page) => {
  let token = ""
  const signIn = async () => {
    const response = await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username: "admin", password: "demo1234" } })
    expect(response.status()).toBe(200)
    token = ((await response.json()) as { user_token: string }).user_token
  }
  return async <T>(path: string, data: unknown): Promise<T> => {
    if (!token) await signIn()
    let reply = await page.request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token } })
    if (reply.status() === 401) {
      await signIn()
      reply = await page.request.post(`${baseUrl()}/api${path}`, { data, headers: { "user-token": token } })
    }
    expect(reply.status(), path).toBe(200)
    return ((await reply.json()) as { data: T }).data
  }
}

const entry = (page: Page, conversationId: number) => page.locator(`[data-testid=routing-entry][data-conversation="${conversationId}"]`)

test("the agents' queue: place, running wait and rule; take next; a lowered role capacity stops the next; Turkish, Arabic", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const api = adminApi(page)
  const catalogue = await api<{ items: { id: number; key: string }[] }>("/backend/fetch/list/permissions", { limit: 1000 })
  const keys = [frontKey("/apps/chat"), frontKey("/apps/queue"), "BACK:chat"]
  const permission_ids = keys.map((key) => catalogue.items.find((p) => p.key === key)!.id)
  const role = await api<{ role: { id: number } }>("/backend/roles/create", {
    name: `Queue ${tag}`,
    permission_ids,
    capacity: { chat: 2, sms: 0 },
  })
  const password = `pass-${tag}-word`
  await api("/backend/users/create", {
    username: `queue-${tag}`,
    email: `queue-${tag}@example.test`,
    password,
    display_name: `Queue ${tag}`,
    role_id: role.role.id,
  })
  const label = await api<{ id: number }>("/create/label", { name: `Queue ${tag}`, color: "#2d72d2" })
  const rulesNow = async () =>
    (await api<{ queue_priority_rules?: { kind: string; id: number; priority: number }[] }>("/client/allsettings", {}))
      .queue_priority_rules ?? []
  await api("/update/allsettings", { queue_priority_rules: [...(await rulesNow()), { kind: "label", id: label.id, priority: 100 }] })
  const agentContext = await browser.newContext()
  try {
    const first = await customerWrites(page, freshNumber(), "Is anyone there?")
    await api("/label/user", { label_id: label.id, conversation_id: first.conversationId })

    const agent = await agentContext.newPage()
    await login(agent, `queue-${tag}`, password)
    await agent.goto(`${baseUrl()}/apps/queue`)
    await expect(agent.getByTestId("page-title")).toHaveText("Queue")
    const row = entry(agent, first.conversationId)
    await expect(row).toHaveAttribute("data-position", "1")
    await expect(row.getByTestId("routing-priority")).toContainText(`Queue ${tag}`)
    const waited = Number(await row.getByTestId("routing-waiting").getAttribute("data-seconds"))
    await expect.poll(async () => Number(await row.getByTestId("routing-waiting").getAttribute("data-seconds"))).toBeGreaterThan(waited)
    await expect(agent.locator("[data-testid=routing-my-load][data-kind=chat]")).toHaveAttribute("data-cap", "2")
    await shot(agent, "routing/queue")

    await agent.getByTestId("routing-take-next").click()
    await expect(agent.getByTestId("routing-taken")).toHaveAttribute("data-conversation", String(first.conversationId))
    await expect(row).toHaveCount(0)
    await expect(agent.locator("[data-testid=routing-my-load][data-kind=chat]")).toHaveAttribute("data-held", "1")

    // The admin lowers the role's chat capacity to the one held: the next one waits, and the agent may not take it.
    await login(page, "admin")
    await page.goto(`${baseUrl()}/apps/roles`)
    await page.getByTestId("roles-search").fill(`Queue ${tag}`)
    await page.getByTestId("roles-search").press("Enter")
    await expect(page.getByTestId("role-row")).toHaveCount(1)
    await page.getByTestId("role-row").getByTestId("role-row-edit").click()
    await expect(page.getByTestId("role-capacity-chat")).toHaveValue("2")
    await page.getByTestId("role-capacity-chat").fill("1")
    await shot(page, "routing/role-capacity")
    await page.getByTestId("role-dialog").getByTestId("role-dialog-save").click()
    await expect(page.getByTestId("role-dialog")).toHaveCount(0)

    const second = await customerWrites(page, freshNumber(), "Hello?")
    await api("/label/user", { label_id: label.id, conversation_id: second.conversationId })
    await expect(entry(agent, second.conversationId)).toHaveAttribute("data-position", "1")
    await expect(agent.locator("[data-testid=routing-my-load][data-kind=chat]")).toHaveAttribute("data-cap", "1")
    await expect(agent.locator("[data-testid=routing-my-load][data-kind=chat]")).toHaveAttribute("data-held", "1")
    await expect(agent.getByTestId("routing-take-next")).toBeDisabled()

    for (const [language, title, dir] of [
      ["tr", "Kuyruk", "ltr"],
      ["ar", "قائمة الانتظار", "rtl"],
    ] as const) {
      await agent.evaluate((l) => localStorage.setItem("i18nextLng", l), language)
      await agent.reload()
      await expect(agent.locator("html")).toHaveAttribute("dir", dir)
      await expect(agent.getByTestId("page-title")).toHaveText(title)
      await expect(entry(agent, second.conversationId)).toBeVisible()
      await shot(agent, `routing/queue-${language}`)
    }
  } finally {
    await agentContext.close()
    await api("/update/allsettings", { queue_priority_rules: (await rulesNow()).filter((r) => !(r.kind === "label" && r.id === label.id)) })
  }
})
