/**
 * A WhatsApp user calls a tenant's Cloud API number through the fake Meta (a signed `calls` webhook carrying a real
 * WebRTC offer): the call card rings in Chromium, the agent answers, the server answers Meta's offer through the Graph
 * API and carries the audio between the browser and Meta's side (both directions, RTCPeerConnection stats); the agent
 * hangs up (Meta hears terminate); the agent's own call to a customer goes out through Meta and is answered; in Arabic a
 * second call rings and the caller hanging up takes the card away. Tenant two: tenant one's calls stay on the built-in simulator the calls specs use.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, callCard, clickClosing, devHeaders, goOnline, login, shot } from "../helpers"

const rtpStats = (page: Page, callId: string) =>
  page.evaluate(async (id) => {
    const pc = (globalThis as { __voicePeers?: Map<string, RTCPeerConnection> }).__voicePeers?.get(id)
    if (!pc) return null
    let sent = 0
    let received = 0
    ;(await pc.getStats()).forEach((s: { type: string; kind?: string; packetsSent?: number; packetsReceived?: number }) => {
      if (s.type === "outbound-rtp" && s.kind === "audio") sent += s.packetsSent ?? 0
      if (s.type === "inbound-rtp" && s.kind === "audio") received += s.packetsReceived ?? 0
    })
    return { sent, received }
  }, callId)

test("a WhatsApp user's call through Meta rings in the console; the agent answers, audio flows both ways, the caller hangs up", async ({
  page,
}) => {
  const phoneNumberId = `8${String(Date.now()).slice(-12)}`
  const accessToken = `EAAGcalls${phoneNumberId}`
  const appSecret = "c5e1f0c2d3a4b5c6d7e8f9a0b1c2d3e4"
  const meta = (path: string, data: Record<string, unknown>) =>
    page.request.post(`${baseUrl()}${path}`, { data: { clientId: 2, ...data }, headers: devHeaders() })
  expect(
    (
      await meta("/dev/meta/numbers", {
        phone_number_id: phoneNumberId,
        display_number: "+1 555 010 5588",
        verified_name: "Omar's Garden",
        access_token: accessToken,
        app_secret: appSecret,
      })
    ).status(),
  ).toBe(200)
  const session = (await login(page, "admin2")) as unknown as { user_token: string }
  const connected = await page.request.post(`${baseUrl()}/api/onboarding/whatsapp`, {
    headers: { "user-token": session.user_token },
    data: {
      waba_id: "102290129340398",
      phone_number_id: phoneNumberId,
      display_number: "+15550105588",
      access_token: accessToken,
      app_secret: appSecret,
    },
  })
  expect(connected.status()).toBe(200)
  const account = (await connected.json()).data as { webhook_url: string; verify_token: string }
  expect(
    (
      await meta("/dev/meta/numbers", {
        phone_number_id: phoneNumberId,
        callback_url: account.webhook_url,
        verify_token: account.verify_token,
      })
    ).status(),
  ).toBe(200)

  await goOnline(page)
  await page.waitForTimeout(500)
  const placed = await meta("/dev/meta/calls", { phone_number_id: phoneNumberId, from: "16505557788", name: "Leyla Demir" })
  expect(placed.status()).toBe(200)
  const callId = (await placed.json()).data.call_id as string
  const acknowledged = Date.now()
  const card = callCard(page, callId)
  await expect(card).toBeVisible()
  console.log(`[channels] Meta call webhook acknowledged -> ringing card on screen after ${Date.now() - acknowledged} ms`)
  await expect(card).toContainText("Leyla Demir")
  await shot(page, "channels/whatsapp-call-ringing")

  await card.getByTestId("call-accept").click()
  await expect(card).toHaveAttribute("data-phase", "connected", { timeout: 15_000 })
  await page.waitForTimeout(2500)
  const stats = await rtpStats(page, callId)
  expect(stats?.sent ?? 0).toBeGreaterThan(20)
  expect(stats?.received ?? 0).toBeGreaterThan(20)
  const atMeta = (await (await page.request.get(`${baseUrl()}/dev/meta/calls/${callId}`, { headers: devHeaders() })).json()).data
  expect(atMeta.actions.map((a: { action: string }) => a.action)).toEqual(["pre_accept", "accept"])
  expect(atMeta.media.packetsReceived).toBeGreaterThan(20)
  await shot(page, "channels/whatsapp-call-connected")

  // The agent hangs up: Meta hears terminate.
  await card.getByTestId("call-end").click()
  await expect(card).toHaveCount(0)
  const metaState = async () =>
    (await (await page.request.get(`${baseUrl()}/dev/meta/calls/${callId}`, { headers: devHeaders() })).json()).data as {
      state: string
      actions: { action: string }[]
    }
  await expect.poll(async () => (await metaState()).state).toBe("terminated")
  expect((await metaState()).actions.map((a) => a.action)).toEqual(["pre_accept", "accept", "terminate"])

  // The agent calls a customer: out through Meta (`connect` with our offer), the phone answers, the agent hangs up.
  await page.getByTestId("dial-open").click()
  await page.getByTestId("dial-number").fill("+16505557013")
  await clickClosing(page.getByTestId("dial-call"))
  const outgoing = page.getByTestId("outgoing-card")
  await expect(outgoing).toHaveAttribute("data-status", /^(ACCEPTED|CONNECTED)$/, { timeout: 20_000 })
  const calls = async () =>
    (
      (await (await page.request.get(`${baseUrl()}/dev/meta/calls?phone_number_id=${phoneNumberId}`, { headers: devHeaders() })).json())
        .data.items as { from: string; state: string; actions: { action: string }[] }[]
    ).find((c) => c.from === "16505557013")
  expect((await calls())?.actions.map((a) => a.action)).toEqual(["connect"])
  await shot(page, "channels/whatsapp-call-out")
  await outgoing.getByTestId("outgoing-end").click()
  await expect(outgoing).toHaveCount(0)
  await expect.poll(async () => (await calls())?.state).toBe("terminated")

  // In Arabic: a second call rings, and the caller hanging up (Meta's terminate webhook) takes the card away.
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await goOnline(page)
  await page.waitForTimeout(1000)
  const again = await meta("/dev/meta/calls", { phone_number_id: phoneNumberId, from: "16505557789", name: "Leyla Demir" })
  const second = (await again.json()).data.call_id as string
  const ringing = callCard(page, second)
  await expect(ringing).toBeVisible()
  await shot(page, "channels/whatsapp-call-ringing-ar")
  expect((await meta(`/dev/meta/calls/${second}/hangup`, {})).status()).toBe(200)
  await expect(ringing).toHaveCount(0)
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
