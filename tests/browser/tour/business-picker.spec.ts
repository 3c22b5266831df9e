/**
 * The super admin on Template Messages (HSM), a screen that acts on one business: the page frame's filter card asks
 * for the business instead of showing the platform's own empty list; once Acme Retail is picked, the table holds
 * that business's templates as the server's super-admin call answers them, read only (writing them is the
 * business's own: no new, edit or assign controls).
 */
import { expect, test } from "@playwright/test"
import { baseUrl, login, openInApp } from "../helpers"

test("the super admin picks a business to see its templates", async ({ page }) => {
  const { user_token: token } = (await login(page, "superadmin")) as Awaited<ReturnType<typeof login>> & { user_token: string }
  await openInApp(page, "/templateMessage-hsm")
  await expect(page.getByTestId("templates-business")).toContainText("Choose the business whose data this page shows.")
  await expect(page.getByTestId("templates-table")).toHaveCount(0)
  await expect(page.getByTestId("templates-new")).toHaveCount(0)

  const clients = await page.request.get(`${baseUrl()}/api/backend/fetch/clients`, { headers: { "user-token": token } })
  const acme = ((await clients.json()).data as { id: number; name: string }[]).find((c) => c.name === "Acme Retail")
  expect(acme).toBeDefined()
  const answer = await page.request.post(`${baseUrl()}/api/template/message/fetch/admin`, {
    headers: { "user-token": token },
    data: { client_id: acme?.id, page: 1, limit: 10 },
  })
  const templates = (await answer.json()).data.items as { name: string }[]
  expect(templates.length).toBeGreaterThan(0)

  const input = page.getByTestId("business-picker-input")
  await expect(input).toBeEnabled()
  await input.fill("acme")
  await input.press("Enter")
  await expect(input).toHaveValue("Acme Retail")
  await expect(page.getByTestId("templates-business")).not.toContainText("Choose the business")
  await expect(page.getByTestId("template-row")).toHaveCount(templates.length)
  for (const template of templates) await expect(page.locator(`[data-testid=template-row][data-name="${template.name}"]`)).toBeVisible()
  await expect(page.getByTestId("template-assign")).toHaveCount(0)
  await expect(page.getByTestId("templates-new")).toHaveCount(0)
})
