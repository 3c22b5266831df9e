/**
 * The accessibility audit (screen-audit.ts) on what the tour's settled screens do not show: a dialog, a drawer, the
 * PBX screen with its trunk dialog, the chat with a conversation open and a ringing call card. Each state is audited
 * in English light and Arabic dark; any serious or critical violation fails, named by state, rule and element.
 */
import { expect, type Page, test } from "@playwright/test"
import { newTakenConversation, openInbox } from "../chat/chat-inbox-helpers"
import { baseUrl, callCard, goOnline, login } from "../helpers"
import { screenAudit } from "./screen-audit"

test.describe.configure({ mode: "parallel" })

/** Audits the state the page shows once nothing on it is loading. */
const auditState = async (page: Page, state: string, failures: string[], a11y: ReturnType<typeof screenAudit>) => {
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0)
  failures.push(...(await a11y.check(state)).map((line) => `${state}: ${line}`))
}

test("accessibility of the admin's open states: a new-item dialog, a drawer, the PBX trunk dialog", async ({ page }) => {
  const a11y = screenAudit(page)
  const failures: string[] = []
  await login(page, "admin")

  await page.goto(`${baseUrl()}/apps/labels`)
  await page.getByTestId("labels-new").click()
  await expect(page.getByTestId("label-dialog")).toBeVisible()
  await auditState(page, "labels: new label dialog", failures, a11y)

  await page.goto(`${baseUrl()}/apps/complain/ticket`)
  await page.getByTestId("complaint-row").first().getByTestId("open-complaint").click()
  await expect(page.getByTestId("complaint-drawer").getByTestId("complaint-status")).toBeVisible()
  await auditState(page, "complaints: complaint drawer", failures, a11y)

  await page.goto(`${baseUrl()}/apps/pbxcalls`)
  await page.getByTestId("pbx-trunk-open").click()
  await expect(page.getByTestId("pbx-trunk-host")).toBeVisible()
  await auditState(page, "PBX: trunk dialog", failures, a11y)

  console.log(a11y.summary("admin open states"))
  expect(failures, failures.join("\n")).toEqual([])
})

test("accessibility of the agent's open states: a conversation open, a ringing call card", async ({ page, browser }) => {
  const a11y = screenAudit(page)
  const failures: string[] = []
  await openInbox(page, "agent1")
  await goOnline(page)
  await newTakenConversation(page, "Is my order on its way?")
  await auditState(page, "chat: conversation open", failures, a11y)

  // The simulator, as the admin in another browser, rings agent1 (tests/browser/workspace/workspace-actions.spec.ts).
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await login(admin, "admin")
  await admin.goto(`${baseUrl()}/apps/simulator`)
  await admin.getByTestId("sim-call-number").fill(`+90555${String(Date.now()).slice(-7)}`)
  await admin.getByTestId("sim-call-name").fill("Audit Caller")
  await admin.getByTestId("sim-call-place").click()
  const call = admin.getByTestId("sim-call").first()
  await expect(call).toBeVisible()
  const card = callCard(page, (await call.getAttribute("data-call-id")) ?? "")
  await expect(card).toBeVisible()
  await auditState(page, "calls: ringing call card", failures, a11y)
  await call.getByTestId("sim-call-hangup").click()
  await expect(card).toHaveCount(0)
  await adminContext.close()

  console.log(a11y.summary("agent1 open states"))
  expect(failures, failures.join("\n")).toEqual([])
})
