/**
 * Blind transfer through the cards in Chromium with fake media, two agents in two browser contexts: two simulated
 * calls ring both; admin accepts one and holds it (the simulated phone hears the hold tone, none of the agent's audio),
 * accepts the second, switches back to the first, and transfers the second to agent1: the customer hears the tone
 * while it rings there as a card "transferred by …", agent1 takes it and the customer hears agent1; admin's card of
 * it leaves, and admin ends the first call.
 */
import { expect, type Page, test } from "@playwright/test"
import { callCard, goOnline, login, clickClosing, shot } from "../helpers"
import { hangUpPlaced, heard, place } from "./simulated-calls"

test.afterEach(hangUpPlaced)

/** An agent signed in and online (calls ring online agents only), as the server knows once the switch is saved. */
const agentOnline = async (page: Page, username: string) => {
  await login(page, username)
  await goOnline(page)
}

test("hold, switch, transfer one call to agent1 who takes it, end the other: the customer hears an agent only when not held", async ({
  browser,
}) => {
  const [adminContext, agentContext] = [await browser.newContext(), await browser.newContext()]
  const admin = await adminContext.newPage()
  const agent1 = await agentContext.newPage()
  await agentOnline(admin, "admin")
  await agentOnline(agent1, "agent1")
  const [first, second] = [await place("+905550000401"), await place("+905550000402")]
  for (const page of [admin, agent1]) for (const call of [first, second]) await expect(callCard(page, call)).toBeVisible()

  await callCard(admin, first).getByTestId("call-accept").click()
  await expect(callCard(admin, first)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect(callCard(agent1, first)).toHaveCount(0)
  await expect.poll(async () => (await heard(first)).agent, { timeout: 10_000 }).toBeGreaterThan(10)

  await callCard(admin, first).getByTestId("call-hold").click()
  await expect(callCard(admin, first)).toHaveAttribute("data-phase", "held")
  // Counted once the tone reaches the phone: agent packets sent before the hold may still be arriving until then.
  await expect.poll(async () => (await heard(first)).tone, { timeout: 10_000 }).toBeGreaterThan(5)
  const heldAt = await heard(first)
  await expect.poll(async () => (await heard(first)).tone, { timeout: 10_000 }).toBeGreaterThan(heldAt.tone + 25)
  expect((await heard(first)).agent).toBe(heldAt.agent)

  await callCard(admin, second).getByTestId("call-accept").click()
  await expect(callCard(admin, second)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect.poll(async () => (await heard(second)).agent, { timeout: 10_000 }).toBeGreaterThan(10)
  await callCard(admin, first).getByTestId("call-resume").click()
  await expect(callCard(admin, second)).toHaveAttribute("data-phase", "held")
  await expect(callCard(admin, first)).toHaveAttribute("data-phase", "connected")
  await expect.poll(async () => (await heard(first)).agent, { timeout: 10_000 }).toBeGreaterThan(heldAt.agent + 10)

  // The held second call goes to agent1: it rings there as transferred, the customer hearing the tone meanwhile.
  await callCard(admin, second).getByTestId("call-transfer").click()
  await clickClosing(admin.getByTestId("call-transfer-target").filter({ hasText: "Kerem Agent" }))
  await expect(callCard(admin, second)).toHaveAttribute("data-transfer", "transferring")
  await expect(callCard(admin, second).getByTestId("call-transfer-note")).toHaveText("Transferring to Kerem Agent…")
  await shot(admin, "calls-transfer-sending")
  await expect(callCard(agent1, second).getByTestId("call-transfer-note")).toHaveText("Transferred by Aylin Admin")
  const transferred = await heard(second)
  await expect.poll(async () => (await heard(second)).tone, { timeout: 10_000 }).toBeGreaterThan(transferred.tone + 5)
  const ringingThere = await heard(second)
  await expect.poll(async () => (await heard(second)).tone, { timeout: 10_000 }).toBeGreaterThan(ringingThere.tone + 25)
  expect((await heard(second)).agent).toBe(ringingThere.agent)
  await shot(agent1, "calls-transfer-ringing")

  await callCard(agent1, second).getByTestId("call-accept").click()
  await expect(callCard(agent1, second)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect(callCard(admin, second)).toHaveCount(0)
  await expect.poll(async () => (await heard(second)).agent, { timeout: 10_000 }).toBeGreaterThan(ringingThere.agent + 10)

  await callCard(admin, first).getByTestId("call-end").click()
  await callCard(agent1, second).getByTestId("call-end").click()
  await expect(callCard(admin, first)).toHaveCount(0)
  await expect(callCard(agent1, second)).toHaveCount(0)
  await Promise.all([adminContext.close(), agentContext.close()])
})
