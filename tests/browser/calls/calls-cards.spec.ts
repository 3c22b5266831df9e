/**
 * Agent voice calls in Chromium with fake media: three simulated calls ring two agents at once; one agent accepts
 * one, the other agent's card goes (remove-call), other cards cannot be accepted meanwhile, audio flows both ways
 * (RTCPeerConnection stats), hanging up frees the agent, a reload restores the ringing cards.
 */
import { expect, test, type Page } from "@playwright/test"
import { callCard, clickClosing, goOnline, login, shot } from "../helpers"
import { place } from "./simulated-calls"

const rtpStats = (page: Page, callId: string) =>
  page.evaluate(async (id) => {
    const pc = (globalThis as { __voicePeers?: Map<string, RTCPeerConnection> }).__voicePeers?.get(id)
    if (!pc) return null
    const stats = await pc.getStats()
    let sent = 0
    let received = 0
    stats.forEach((s: { type: string; kind?: string; packetsSent?: number; packetsReceived?: number }) => {
      if (s.type === "outbound-rtp" && s.kind === "audio") sent += s.packetsSent ?? 0
      if (s.type === "inbound-rtp" && s.kind === "audio") received += s.packetsReceived ?? 0
    })
    return { sent, received }
  }, callId)

test("three calls ring two agents; accept one, remove-call, audio both ways, hang up, reload restores", async ({ browser }) => {
  const agentCtx = await browser.newContext()
  const adminCtx = await browser.newContext()
  const agent = await agentCtx.newPage()
  const admin = await adminCtx.newPage()
  await login(agent, "agent1")
  await login(admin, "admin")
  await goOnline(agent)
  await goOnline(admin)
  await agent.waitForTimeout(500)
  const ids = [await place("+905550000201"), await place("+905550000202"), await place("+905550000203")]
  for (const page of [agent, admin]) for (const id of ids) await expect(callCard(page, id)).toBeVisible()
  await shot(agent, "calls-three-ringing")

  await callCard(agent, ids[1]).getByTestId("call-accept").click()
  await expect(callCard(admin, ids[1])).toHaveCount(0)
  await expect(callCard(agent, ids[1])).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  // Another card cannot be accepted while this call is active.
  await callCard(agent, ids[0]).getByTestId("call-accept").click()
  await expect(agent.getByTestId("call-notice")).toBeVisible()
  await expect(callCard(agent, ids[0])).toHaveAttribute("data-phase", "ringing")

  // Audio both ways: the test waits for packets, as a person listens for the other side.
  const flowing = async () => Math.min(...Object.values((await rtpStats(agent, ids[1])) ?? { none: 0 }))
  await expect.poll(flowing).toBeGreaterThan(20)
  const stats = await rtpStats(agent, ids[1])
  expect(stats?.sent ?? 0).toBeGreaterThan(20)
  expect(stats?.received ?? 0).toBeGreaterThan(20)
  await expect(callCard(agent, ids[1]).getByTestId("call-clock")).toHaveText(/^00:0[1-9]$/)
  await shot(agent, "calls-active-with-ringing")

  await callCard(agent, ids[1]).getByTestId("call-end").click()
  await expect(callCard(agent, ids[1])).toHaveCount(0)
  await callCard(agent, ids[0]).getByTestId("call-accept").click()
  await expect(callCard(agent, ids[0])).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await callCard(agent, ids[0]).getByTestId("call-end").click()

  // Reload: the still-ringing third call comes back from storage.
  await agent.reload()
  await expect(callCard(agent, ids[2])).toBeVisible()
  await callCard(agent, ids[2]).getByTestId("call-reject").click()
  await expect(callCard(agent, ids[2])).toHaveCount(0)
  await agentCtx.close()
  await adminCtx.close()
})

test("a ringing card counts down and auto-rejects at 60 s (browser clock); hide and restore reset the countdown", async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.clock.install()
  await login(page, "agent1")
  await goOnline(page)
  const [first, second] = [await place("+905550000301"), await place("+905550000302")]
  await expect(callCard(page, first)).toBeVisible()
  await expect(callCard(page, second)).toBeVisible()
  // The installed clock still runs in real time beside the jumps, and a loaded machine takes seconds between two
  // steps: so a countdown is read as a range, each wide of what a missing jump or restart would show.
  const secondsLeft = async (callId: string) =>
    Number((await callCard(page, callId).getByTestId("call-clock").textContent())?.match(/\d+/)?.[0] ?? Number.NaN)
  await page.clock.runFor(30_000)
  // 30 s on: about 30 left (60 without the jump).
  await expect.poll(() => secondsLeft(first)).toBeLessThanOrEqual(30)
  expect(await secondsLeft(first)).toBeGreaterThan(15)
  // Hide the second card, then restore it from the dropdown: its countdown starts again at 60 (about 30 without the
  // restart).
  await callCard(page, second).getByTestId("call-hide").click()
  await expect(callCard(page, second)).toHaveCount(0)
  await page.getByTestId("hidden-calls").click()
  await clickClosing(page.getByRole("menuitem", { name: /\+905550000302/ }))
  await expect.poll(() => secondsLeft(second)).toBeGreaterThan(45)
  await page.clock.runFor(31_000)
  await expect(callCard(page, first)).toHaveCount(0)
  await expect(callCard(page, second)).toBeVisible()
  await shot(page, "calls-after-auto-reject")
  await callCard(page, second).getByTestId("call-reject").click()
  await context.close()
})

test("the agent dials a customer: CALLING, the simulator answers, the timer runs, a second dial is refused, hang-up ends it", async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await login(page, "agent1")
  await page.getByTestId("dial-open").click()
  await page.getByTestId("dial-number").fill("+905550000401")
  await shot(page, "calls-dial")
  await clickClosing(page.getByTestId("dial-call"))
  const outgoing = page.getByTestId("outgoing-card")
  await expect(outgoing).toHaveAttribute("data-status", /^(CALLING|RINGING)$/)
  // The simulator answers after SIM_ANSWER_MS (2 s by default).
  await expect(outgoing).toHaveAttribute("data-status", /^(ACCEPTED|CONNECTED)$/, { timeout: 15_000 })
  await expect(outgoing.getByTestId("call-clock")).toHaveText(/^00:0[1-9]$/)
  // The second by the keyboard: Enter in the number field dials as the Call button does.
  await page.getByTestId("dial-open").click()
  await page.getByTestId("dial-number").fill("+905550000402")
  await page.getByTestId("dial-number").press("Enter")
  await expect(page.getByTestId("dial-number")).toHaveCount(0)
  await expect(page.getByTestId("call-notice")).toContainText("Another outgoing call is already active")
  await expect(outgoing).toHaveCount(1)
  await outgoing.getByTestId("outgoing-end").click()
  await expect(outgoing).toHaveCount(0)
  await context.close()
})
