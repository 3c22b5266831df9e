/**
 * The test: after the simulator sends N messages (N new customers) and an agent answers one, the dashboard's
 * "now" boxes show exactly the expected numbers, live (no reload, no read of the figures in between); the range boxes
 * show the new messages after Refresh.
 */
import { expect, type Page, test } from "@playwright/test"
import { customerWrites, freshNumber, openInbox, row, take } from "../chat/chat-inbox-helpers"
import { login, shot } from "../helpers"
import { boxValue, openDashboard } from "./dashboard.testing"

const N = 3
const shown = (n: number) => new Intl.NumberFormat("en").format(n)
const count = async (page: Page, id: string) => Number((await boxValue(page, id).textContent())?.replace(/\D/g, ""))

test("the now boxes follow N customers writing in and an agent answering, live", async ({ page, browser }) => {
  await login(page, "admin")
  await openDashboard(page)
  await expect(page.getByTestId("dash-live")).toBeVisible()
  const before = {
    open: await count(page, "now-open"),
    waiting: await count(page, "now-waiting"),
    unassigned: await count(page, "now-unassigned"),
    messagesIn: await count(page, "messagesIn"),
    messagesOut: await count(page, "messagesOut"),
  }
  const reads: string[] = []
  page.on("request", (r) => {
    if (r.url().endsWith("/api/info/boxes")) reads.push(r.url())
  })

  // agent1 has the inbox open in their own browser, as agents do.
  const agent = await (await browser.newContext()).newPage()
  await openInbox(agent, "agent1")
  await agent.getByTestId("chat-box-all").click()

  const numbers = Array.from({ length: N }, () => freshNumber())
  for (const number of numbers) await customerWrites(page, number, "Hello, is anyone there?")
  await expect(boxValue(page, "now-open")).toHaveText(shown(before.open + N))
  await expect(boxValue(page, "now-waiting")).toHaveText(shown(before.waiting + N))
  await expect(boxValue(page, "now-unassigned")).toHaveText(shown(before.unassigned + N))

  // agent1 answers the first customer.
  await row(agent, numbers[0]).click()
  await take(agent)
  await agent.getByTestId("chat-input").fill("Hi, how can I help?")
  await agent.getByTestId("chat-send").click()
  await expect(agent.locator("[data-testid=chat-message][data-direction=outbound][data-status=pending]")).toHaveCount(0)
  await agent.context().close()

  await expect(boxValue(page, "now-waiting")).toHaveText(shown(before.waiting + N - 1))
  await expect(boxValue(page, "now-unassigned")).toHaveText(shown(before.unassigned + N - 1))
  await expect(boxValue(page, "now-open")).toHaveText(shown(before.open + N))
  expect(reads, "the now boxes moved without reading the figures again").toEqual([])
  await shot(page, "dashboard-live-en")

  // The chosen days' boxes are read on demand.
  await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/info/boxes")), page.getByTestId("dash-refresh").click()])
  await expect(boxValue(page, "messagesIn")).toHaveText(shown(before.messagesIn + N))
  await expect(boxValue(page, "messagesOut")).toHaveText(shown(before.messagesOut + 1))
})
