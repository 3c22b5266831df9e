/** At its agent limit, a business's admin cannot let a stopped user back in: the users screen says which limit, the user stays stopped. */
import { expect, test } from "@playwright/test"
import { baseUrl, login } from "../helpers"

test("Account limits: switching a stopped user back on at the agent limit is refused in words", async ({ page, request }) => {
  const api = (path: string, token: string, data: unknown) =>
    request.post(`${baseUrl()}/api${path}`, { headers: { "user-token": token }, data })
  const root = (await (await request.post(`${baseUrl()}/api/auth/user`, { data: { username: "superadmin", password: "demo1234" } })).json())
    .user_token as string
  const admin2 = (await login(page, "admin2")) as unknown as { user_token: string }
  const username = `stopped-${Date.now().toString(36)}`
  const created = await api("/backend/users/create", admin2.user_token, {
    username,
    email: `${username}@globex.example`,
    password: "long-enough-1",
    display_name: "Stopped Agent",
  })
  expect(created.status(), await created.text()).toBe(200)
  const id = (await created.json()).data.user.id as number
  expect(
    (
      await request.put(`${baseUrl()}/api/backend/users/update-partial/${id}`, {
        headers: { "user-token": admin2.user_token },
        data: { status: "disabled" },
      })
    ).status(),
  ).toBe(200)
  const limits = (await (await api("/get/account/limits", root, { client_id: 2 })).json()).data as {
    key: string
    used: number
    limit: number
  }[]
  const agents = limits.find((l) => l.key === "agents")
  expect(agents).toBeDefined()
  expect((await api("/account/limits", root, { client_id: 2, key: "agents", limit: agents?.used ?? 0 })).status()).toBe(200)
  try {
    await page.goto(`${baseUrl()}/apps/users`)
    await page.getByTestId("users-search").fill(username)
    await page.getByTestId("users-search").press("Enter")
    const row = page.locator(`[data-testid=user-row][data-username="${username}"]`)
    await expect(row).toHaveCount(1)
    await row.locator("label:has([data-testid=user-enabled])").click()
    await expect(page.getByTestId("record-action-failed")).toContainText("Account limit reached")
    await expect(row).toHaveAttribute("data-status", "disabled")
  } finally {
    await api("/account/limits", root, { client_id: 2, key: "agents", limit: agents?.limit ?? 5 })
    await request.delete(`${baseUrl()}/api/backend/users/delete/${id}`, { headers: { "user-token": admin2.user_token } })
  }
})
