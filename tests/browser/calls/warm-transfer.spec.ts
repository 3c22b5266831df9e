/**
 * Warm transfer through the cards in Chromium with fake media, two agents in two browser contexts and the simulated
 * customer's phone: admin answers a call and asks agent1 to talk first; agent1's card rings "Aylin Admin wants to talk
 * before handing over …" (in English, Turkish and Arabic). agent1 takes it: the two agents hear each other (their peers'
 * inbound audio grows) while the customer hears the hold tone and none of them. admin ends the talk (agent1's card
 * leaves, the call stays held with admin), asks again, and hands the call over: admin's card leaves, the customer hears
 * agent1 and agent1 hears the customer.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, callCard, devHeaders, goOnline, login, clickClosing, shot } from "../helpers"
import { hangUpPlaced, heard, place } from "./simulated-calls"

test.afterEach(hangUpPlaced)

/** Audio packets the page's peer of the call has received so far (what the agent heard). */
const inbound = (page: Page, callId: string) =>
  page.evaluate(async (id) => {
    const pc = (globalThis as { __voicePeers?: Map<string, RTCPeerConnection> }).__voicePeers?.get(id)
    if (!pc) return 0
    let received = 0
    ;(await pc.getStats()).forEach((s: { type: string; kind?: string; packetsReceived?: number }) => {
      if (s.type === "inbound-rtp" && s.kind === "audio") received += s.packetsReceived ?? 0
    })
    return received
  }, callId)

const inLanguage = async (page: Page, language: "en" | "tr" | "ar") => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

/** admin asks agent1 to talk before handing the call over, and agent1 takes it. */
const consult = async (admin: Page, agent1: Page, callId: string) => {
  await callCard(admin, callId).getByTestId("call-consult").click()
  await clickClosing(admin.getByTestId("call-consult-target").filter({ hasText: "Kerem Agent" }))
  await expect(callCard(admin, callId)).toHaveAttribute("data-consult", "asking")
  await expect(callCard(admin, callId).getByTestId("call-transfer-note")).toHaveText("Asking Kerem Agent to talk…")
  await expect(callCard(agent1, callId).getByTestId("call-transfer-note")).toHaveText(
    "Aylin Admin wants to talk before handing over Customer 501",
  )
}

test("warm transfer: the agents talk while the customer hears the hold tone, then the customer and the colleague talk", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const [adminContext, agentContext] = [await browser.newContext(), await browser.newContext()]
  const admin = await adminContext.newPage()
  const agent1 = await agentContext.newPage()
  for (const [page, name] of [
    [admin, "admin"],
    [agent1, "agent1"],
  ] as const) {
    await login(page, name)
    await goOnline(page)
  }
  const callId = await place("+905550000501")
  await callCard(admin, callId).getByTestId("call-accept").click()
  await expect(callCard(admin, callId)).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await expect.poll(async () => (await heard(callId)).agent, { timeout: 10_000 }).toBeGreaterThan(10)

  await consult(admin, agent1, callId)
  await shot(agent1, "calls/warm-transfer-ringing-en")
  // The colleague's ringing card in Turkish and Arabic (a reload keeps a ringing card).
  for (const language of ["tr", "ar"] as const) {
    await inLanguage(agent1, language)
    await expect(callCard(agent1, callId).getByTestId("call-transfer-note")).toBeVisible()
    await shot(agent1, `calls/warm-transfer-ringing-${language}`)
  }
  await inLanguage(agent1, "en")
  await expect(callCard(agent1, callId).getByTestId("call-transfer-note")).toContainText("wants to talk")

  await callCard(agent1, callId).getByTestId("call-accept").click()
  await expect(callCard(agent1, callId)).toHaveAttribute("data-consult", "consultee", { timeout: 15_000 })
  await expect(callCard(admin, callId)).toHaveAttribute("data-consult", "talking")
  await expect(callCard(admin, callId).getByTestId("call-transfer-note")).toHaveText("Talking with Kerem Agent; the customer is on hold")
  await expect(callCard(agent1, callId).getByTestId("call-transfer-note")).toHaveText("Talking with Aylin Admin before the handover")
  const atTalk = { customer: await heard(callId), admin: await inbound(admin, callId), agent1: await inbound(agent1, callId) }
  // Each agent hears the other (the fake microphone's tone); the customer hears the hold tone and no agent.
  await expect.poll(() => inbound(admin, callId), { timeout: 10_000 }).toBeGreaterThan(atTalk.admin + 25)
  await expect.poll(() => inbound(agent1, callId), { timeout: 10_000 }).toBeGreaterThan(atTalk.agent1 + 25)
  await expect.poll(async () => (await heard(callId)).tone, { timeout: 10_000 }).toBeGreaterThan(atTalk.customer.tone + 25)
  expect((await heard(callId)).agent).toBe(atTalk.customer.agent)
  await shot(admin, "calls/warm-transfer-talking-en")
  await shot(agent1, "calls/warm-transfer-consultee-en")

  // admin ends the talk: agent1's card leaves, the call stays held with admin; agent1's peer hears nothing more.
  await callCard(admin, callId).getByTestId("call-consult-cancel").click()
  await expect(callCard(agent1, callId)).toHaveCount(0)
  await expect(callCard(admin, callId)).toHaveAttribute("data-phase", "held")
  await expect(callCard(admin, callId)).toHaveAttribute("data-consult", "")
  const heldAgain = await heard(callId)
  await expect.poll(async () => (await heard(callId)).tone, { timeout: 10_000 }).toBeGreaterThan(heldAgain.tone + 25)
  expect((await heard(callId)).agent).toBe(heldAgain.agent)

  await consult(admin, agent1, callId)
  await callCard(agent1, callId).getByTestId("call-accept").click()
  await expect(callCard(admin, callId)).toHaveAttribute("data-consult", "talking", { timeout: 15_000 })
  await callCard(admin, callId).getByTestId("call-consult-complete").click()
  await expect(callCard(admin, callId)).toHaveCount(0)
  await expect(callCard(agent1, callId)).toHaveAttribute("data-phase", "connected")
  await expect(callCard(agent1, callId)).toHaveAttribute("data-consult", "")
  // The customer hears agent1 now; the customer speaks and agent1 hears it.
  const handed = await heard(callId)
  await expect.poll(async () => (await heard(callId)).agent, { timeout: 10_000 }).toBeGreaterThan(handed.agent + 25)
  const say = await fetch(`${baseUrl()}/dev/simulator/calls/${callId}/say`, {
    method: "POST",
    headers: { "content-type": "application/json", ...devHeaders() },
    body: JSON.stringify({ speaking: true }),
  })
  expect(say.status).toBe(200)
  const before = await inbound(agent1, callId)
  await expect.poll(() => inbound(agent1, callId), { timeout: 10_000 }).toBeGreaterThan(before + 25)
  await shot(agent1, "calls/warm-transfer-handed-en")

  await callCard(agent1, callId).getByTestId("call-end").click()
  await expect(callCard(agent1, callId)).toHaveCount(0)
  await Promise.all([adminContext.close(), agentContext.close()])
})
