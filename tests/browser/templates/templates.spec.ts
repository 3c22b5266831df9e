/**
 * Templates in Chromium against the seeded server: a template written in the editor (WhatsApp's limits said as it is
 * typed, the bubble drawn live) goes to review and shows approved without a reload; sent from the individual send
 * screen with its cost shown, it is on the simulated customer's phone. A template the channel rejects shows the
 * reason. Arabic: the editor right to left.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, devHeaders, loginTo, shot } from "../helpers"
import { freshNumber, phoneOf } from "../chat/chat-inbox-helpers"

const topUp = async (page: Page, amount: number) => {
  const root = await (
    await page.request.post(`${baseUrl()}/api/auth/user`, { data: { username: "superadmin", password: "demo1234" } })
  ).json()
  const reply = await page.request.post(`${baseUrl()}/api/billing/topup`, {
    headers: { "user-token": root.user_token },
    data: { client_id: 1, amount, reason: "Template messages" },
  })
  expect(reply.status()).toBe(200)
}

const verdict = async (page: Page, name: string, status: "REJECTED" | "APPROVED", reason?: string) => {
  const reply = await page.request.post(`${baseUrl()}/dev/templates/verdict`, {
    headers: devHeaders(),
    data: { clientId: 1, name, status, reason },
  })
  expect(reply.status()).toBe(200)
}

const writeTemplate = async (page: Page, name: string) => {
  await page.getByTestId("templates-new").click()
  const dialog = page.getByTestId("template-dialog")
  await dialog.getByTestId("template-name").fill(name)
  await dialog.getByTestId("template-header-type").selectOption("text")
  await dialog.getByTestId("template-header").fill("Order update")
  await dialog.getByTestId("template-body").fill("Hello {{1}}, your order {{3}} is ready.")
  const problems = dialog.getByTestId("template-problems")
  await expect(problems).toContainText("{{2}} is missing")
  await dialog.getByTestId("template-body").fill("Hello {{1}}, your order {{2}} is ready.")
  await expect(problems).toContainText("Give an example for parameter {{1}}.")
  const examples = dialog.getByTestId("template-example")
  await expect(examples).toHaveCount(2)
  await examples.nth(0).fill("Ayşe")
  await examples.nth(1).fill("A-100")
  await dialog.getByTestId("template-footer").fill("Reply STOP to opt out")
  for (let i = 0; i < 4; i++) {
    await dialog.getByTestId("template-add-button").click()
    await dialog
      .getByTestId("template-button-text")
      .nth(i)
      .fill(`Choice ${i + 1}`)
  }
  await expect(problems).toContainText("At most 3 quick replies.")
  await dialog.getByTestId("template-button-row").nth(3).getByRole("button").click()
  await expect(problems).toHaveCount(0)
  const preview = dialog.getByTestId("template-preview")
  await expect(preview.getByTestId("template-preview-header")).toHaveText("Order update")
  await expect(preview.getByTestId("template-preview-body")).toHaveText("Hello Ayşe, your order A-100 is ready.")
  await expect(preview.getByTestId("template-preview-footer")).toHaveText("Reply STOP to opt out")
  await expect(preview.getByTestId("template-preview-button")).toHaveCount(3)
  return dialog
}

test("Templates: written in the editor, approved by the channel, sent to one number and on the customer's phone", async ({ page }) => {
  const name = `order_ready_${Date.now().toString(36)}`
  const number = `+${freshNumber()}`
  await loginTo(page, "admin", "/templateMessage-hsm")
  await expect(page.getByTestId("page-title")).toHaveText("Template Messages (HSM)")
  const dialog = await writeTemplate(page, name)
  await shot(page, "templates/editor-en")
  await dialog.getByTestId("template-dialog-save").click()
  await expect(dialog).toHaveCount(0)

  await page.getByTestId("templates-search").fill(name)
  await page.getByTestId("templates-search").press("Enter")
  const row = page.getByTestId("template-row")
  await expect(row).toHaveCount(1)
  // In review first, then approved by the channel through the job queue: the screen follows without a reload.
  await expect(row).toHaveAttribute("data-status", "APPROVED", { timeout: 15_000 })
  await expect(row.getByTestId("template-status")).toHaveText("Approved")
  await shot(page, "templates/list-en")

  // Assigned to Kerem only (the composer then offers it to him alone: templates.test.ts): the row says so.
  await expect(row.getByTestId("template-assign")).toHaveText("Every agent")
  await row.getByTestId("template-assign").click()
  const assign = page.getByTestId("template-assign-dialog")
  await expect(assign.getByTestId("template-assign-save")).toBeDisabled()
  await assign.locator("label", { hasText: "Kerem Agent" }).click()
  await expect(assign.getByLabel("Kerem Agent")).toBeChecked()
  await assign.getByTestId("template-assign-save").click()
  await expect(assign).toHaveCount(0)
  await expect(row.getByTestId("template-assign")).toHaveText("1 agent(s)")

  await topUp(page, 5)
  await page.goto(`${baseUrl()}/templateMessage-individual-user`)
  await expect(page.getByTestId("page-title")).toHaveText("Individual Template Message")
  const form = page.getByTestId("template-send-form")
  await form.getByTestId("template-send-template").selectOption({ label: `${name} (en)` })
  await expect(form.getByTestId("template-send-cost")).toContainText("0.02 USD for one message")
  await form.getByTestId("template-send-number").fill(number)
  const params = form.getByTestId("template-send-param")
  await expect(params).toHaveCount(2)
  await expect(form.getByTestId("template-send-submit")).toBeDisabled()
  await params.nth(0).fill("Deniz")
  await params.nth(1).fill("B-7")
  await expect(form.getByTestId("template-send-preview-body")).toHaveText("Hello Deniz, your order B-7 is ready.")
  await shot(page, "templates/send-en")
  await form.getByTestId("template-send-submit").click()
  await expect(page.getByTestId("template-send-done")).toContainText(`Sent to ${number}.`)
  // The simulated phone keys the customer by the number as sent (with its +).
  await expect
    .poll(async () => (await phoneOf(page, encodeURIComponent(number))).map((m) => m.body), { timeout: 10_000 })
    .toContain("Hello Deniz, your order B-7 is ready.")
})

test("Templates: a template the channel rejects shows why; the editor in Arabic, right to left", async ({ page }) => {
  const name = `promo_${Date.now().toString(36)}`
  await verdict(page, name, "REJECTED", "The body asks for payment details")
  await loginTo(page, "admin", "/templateMessage-hsm")
  const dialog = await writeTemplate(page, name)
  await dialog.getByTestId("template-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await page.getByTestId("templates-search").fill(name)
  await page.getByTestId("templates-search").press("Enter")
  const row = page.getByTestId("template-row")
  await expect(row).toHaveCount(1)
  await expect(row).toHaveAttribute("data-status", "REJECTED", { timeout: 15_000 })
  await expect(row.getByTestId("template-reason")).toHaveText("Why: The body asks for payment details")
  await row.getByTestId("template-row-edit").click()
  await expect(dialog.getByTestId("template-dialog-reason")).toContainText("The body asks for payment details")
  await dialog.getByTestId("template-dialog-cancel").click()

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("رسائل القوالب (HSM)")
  await page.getByTestId("templates-search").fill(name)
  await page.getByTestId("templates-search").press("Enter")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("template-status")).toHaveText("مرفوض")
  await shot(page, "templates/list-ar")
  await page.getByTestId("templates-new").click()
  await dialog.getByTestId("template-name").fill("bad name")
  await dialog.getByTestId("template-body").fill("مرحبا {{1}}، طلبك {{2}} جاهز.")
  await dialog.getByTestId("template-example").nth(0).fill("عائشة")
  await expect(dialog.getByTestId("template-problems")).toContainText("أعطِ مثالًا للمعامل {{2}}.")
  await expect(dialog.getByTestId("template-preview-body")).toHaveText("مرحبا عائشة، طلبك {{2}} جاهز.")
  await shot(page, "templates/editor-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
