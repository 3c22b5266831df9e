/**
 * Hold and switch through the cards in Chromium with fake media: two simulated calls ring agent1; the agent accepts
 * one and holds it (the card says "On hold" with its own clock; the simulated phone hears the hold tone and none of
 * the agent's audio), accepts the second, and resumes the first (the second goes on hold in the same step).
 */
import { expect, test } from "@playwright/test"
import { callCard, goOnline, login, shot } from "../helpers"
import { hangUpPlaced, heard, place } from "./simulated-calls"

test.afterEach(hangUpPlaced)

test("hold one call, accept another, switch back: the held customer hears the tone, never the agent", async ({ browser }) => {
  const context = await browser.newContext()
  const agent = await context.newPage()
  await login(agent, "agent1")
  await goOnline(agent)
  const [first, second] = [await place("+905550000301"), await place("+905550000302")]
  await expect(callCard(agent, first)).toBeVisible()
  await expect(callCard(agent, second)).toBeVisible()

  await callCard(agent, first).getByTestId("call-accept").click()
  await expect(callCard(agent, first)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect.poll(async () => (await heard(first)).agent, { timeout: 10_000 }).toBeGreaterThan(10)

  await callCard(agent, first).getByTestId("call-hold").click()
  await expect(callCard(agent, first)).toHaveAttribute("data-phase", "held")
  await expect(callCard(agent, first).getByTestId("call-held-clock")).toContainText("On hold")
  await expect.poll(async () => (await heard(first)).tone, { timeout: 10_000 }).toBeGreaterThan(10)
  const whileHeld = await heard(first)
  await expect.poll(async () => (await heard(first)).tone, { timeout: 10_000 }).toBeGreaterThan(whileHeld.tone + 25)
  expect((await heard(first)).agent).toBe(whileHeld.agent)
  await expect(callCard(agent, first).getByTestId("call-held-clock")).toHaveText(/On hold 00:0[1-9]/)
  await shot(agent, "calls-one-held")

  // With the first on hold, the second may be accepted; resuming the first holds the second.
  await callCard(agent, second).getByTestId("call-accept").click()
  await expect(callCard(agent, second)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await callCard(agent, first).getByTestId("call-resume").click()
  await expect(callCard(agent, second)).toHaveAttribute("data-phase", "held")
  await expect(callCard(agent, first)).toHaveAttribute("data-phase", "connected")
  await expect.poll(async () => (await heard(first)).agent, { timeout: 10_000 }).toBeGreaterThan(whileHeld.agent + 10)
  await shot(agent, "calls-switched")

  await callCard(agent, first).getByTestId("call-end").click()
  await callCard(agent, second).getByTestId("call-end").click()
  await expect(callCard(agent, first)).toHaveCount(0)
  await expect(callCard(agent, second)).toHaveCount(0)
  await context.close()
})
