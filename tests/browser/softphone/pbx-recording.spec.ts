/**
 * PBX calls recorded by the platform where their media passes (rtpengine): with the tenant's "Record calls" on, a
 * desk phone (baresip, DTLS-SRTP+ICE with Opus, on the admin's extension) calls agent1's browser softphone, they talk
 * and hang up; the admin's PBX call records then play the call's recording in its row, from the answer on, and both
 * voices are in it (the phone's tone in the first channel, the browser's beeping microphone in the second), an Ogg
 * Opus file. With recording off, the next call's row has no player. A plain desk phone speaking PCMU only is recorded
 * too, as a WAV file the same player plays, both voices in it.
 */
import { test, expect, type Locator, type Page } from "@playwright/test"
import { card, customerCalls, gatewaySkipReason, talkFor, useLab, type Phone } from "./pbx-lab.testing"
import type { Baresip } from "../../../server/sip/baresip"

test.describe.configure({ mode: "serial" })
test.skip(gatewaySkipReason() !== null, "Kamailio, rtpengine or baresip is not installed")
// Its own lab: the tests read the tenant's call records from the first call on, and put a desk phone on the admin's
// extension.
const lab = useLab({ rtpengine: true, turn: true })

/** The tenant's "Record calls", set as the admin's page would (a second login would end the page's session). */
const recordCalls = async (page: Page, on: boolean) => {
  const token = await page.evaluate(() => localStorage.getItem("user_token") ?? "")
  const reply = await page.request.post(`${lab.server.url}/api/call/setting`, {
    headers: { "user-token": token },
    data: { record_calls: on, recording_retention_days: 30 },
  })
  expect(reply.status()).toBe(200)
}

/** The desk phone calls the browser, which answers; they talk until its timer shows `seconds`, and the phone hangs up. */
const deskCallsBrowser = async (desk: Baresip, alice: Phone, seconds: number) => {
  await customerCalls(alice, desk)
  await talkFor(alice.page, seconds)
  await desk.command("hangup")
  await expect(card(alice.page)).toHaveAttribute("data-phase", "idle")
}

/** The newest row of the list, once the server wrote `count` calls (it reads Kamailio's records every 2 s). */
const newestRow = async (page: Page, count: number) => {
  const rows = page.locator("[data-testid=pbx-call-row]")
  await expect(async () => {
    await page.click("[data-testid=pbx-calls-refresh]")
    await expect(rows).toHaveCount(count, { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  return rows.nth(0)
}

/** The content type and each channel's loudness (RMS, 0..1) of the recording the page's player plays, decoded by Chromium. */
const channelLevels = (page: Page, url: string) =>
  page.evaluate(async (source) => {
    const reply = await fetch(source)
    const bytes = await reply.arrayBuffer()
    const audio = await new OfflineAudioContext(2, 48_000, 48_000).decodeAudioData(bytes)
    const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / Math.max(1, samples.length))
    return {
      type: reply.headers.get("content-type"),
      seconds: audio.duration,
      channels: audio.numberOfChannels,
      levels: [0, 1].map((c) => rms(audio.getChannelData(c))),
    }
  }, url)

/** The recording `row` plays: its player shows a duration, it plays, and Chromium decodes both channels of it. */
const recordingOf = async (page: Page, row: Locator) => {
  const player = row.getByTestId("call-recording")
  await expect
    .poll(() => player.evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : 0)), { timeout: 15_000 })
    .toBeGreaterThan(2)
  const recorded = await channelLevels(page, (await player.getAttribute("src")) ?? "")
  console.log(
    `PBX recording (${recorded.type}): ${recorded.seconds.toFixed(1)} s, levels ${recorded.levels.map((l) => l.toFixed(4)).join(" / ")}`,
  )
  await player.evaluate((el: HTMLAudioElement) => el.play())
  await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2)
  await player.evaluate((el: HTMLAudioElement) => el.pause())
  return recorded
}

/**
 * The row's recording, of `type`, holds a 6 s call in two channels: recorded from the answer on (Kamailio asks
 * rtpengine with the 200), so the 6 s talked less the media's set-up (ICE and DTLS, which a loaded machine stretches
 * past a second; 2 s allowed), not a recording begun after the call; the desk phone's tone (the customer, left) and
 * the browser's microphone (right) each a voice, not silence.
 */
const expectBothVoices = async (page: Page, row: Locator, type: string) => {
  const recorded = await recordingOf(page, row)
  expect(recorded.type).toBe(type)
  expect(recorded.channels).toBe(2)
  expect(recorded.seconds).toBeGreaterThan(4)
  expect(recorded.levels[0]).toBeGreaterThan(0.01)
  expect(recorded.levels[1]).toBeGreaterThan(0.01)
}

test("a recorded desk phone's call to the browser plays both voices in its PBX call record; not recorded when off", async ({ browser }) => {
  test.setTimeout(120_000)
  const admin = await lab.openPhone(browser, "admin")
  const alice = await lab.openPhone(browser, "agent1")
  const desk = await lab.deskPhone(admin.extension, { media: "webrtc" })
  await recordCalls(admin.page, true)
  await deskCallsBrowser(desk, alice, 6)

  const row = await newestRow(admin.page, 1)
  await expect(row.locator("[data-col=outcome]")).toHaveText("Answered")
  const player = row.getByTestId("call-recording")
  await expect(player).toHaveAttribute("aria-label", `Recording of the call with Aylin Admin (${admin.extension})`)
  await expectBothVoices(admin.page, row, "audio/ogg")
  await player.scrollIntoViewIfNeeded()
  await admin.page.screenshot({ path: ".tmp/screenshots/pbx-recording-en.png" })

  await recordCalls(admin.page, false)
  await deskCallsBrowser(desk, alice, 1)
  const unrecorded = await newestRow(admin.page, 2)
  await expect(unrecorded.locator("[data-col=outcome]")).toHaveText("Answered")
  await expect(unrecorded.getByTestId("call-recording-cell")).toBeVisible()
  await expect(unrecorded.getByTestId("call-recording")).toHaveCount(0)
  // The recorded call keeps its player.
  await expect(admin.page.locator("[data-testid=pbx-call-row]").nth(1).getByTestId("call-recording")).toHaveCount(1)

  for (const language of ["tr", "ar"] as const) {
    await admin.page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
    await admin.page.reload()
    const played = admin.page.locator("[data-testid=pbx-call-row]").nth(1).getByTestId("call-recording")
    await expect(played).toBeVisible()
    await played.scrollIntoViewIfNeeded()
    await admin.page.screenshot({ path: `.tmp/screenshots/pbx-recording-${language}.png` })
  }
  await alice.close()
  await admin.close()
  await desk.stop()
})

test("a plain desk phone's call of PCMU only is recorded as a WAV file that plays both voices", async ({ browser }) => {
  const admin = await lab.openPhone(browser, "admin")
  const alice = await lab.openPhone(browser, "agent1")
  // baresip's plain profile: RTP/AVP offering PCMU alone, which the browser answers.
  const desk = await lab.deskPhone(admin.extension, { media: "plain", codecs: "PCMU" })
  // The calls listed so far (the first test's, when it ran).
  await admin.page.click("[data-testid=pbx-calls-refresh]")
  await expect(admin.page.locator(".mc-report-table-wrap")).toHaveAttribute("aria-busy", "false")
  const before = await admin.page.locator("[data-testid=pbx-call-row]").count()
  await recordCalls(admin.page, true)
  await deskCallsBrowser(desk, alice, 6)

  const row = await newestRow(admin.page, before + 1)
  await expect(row.locator("[data-col=outcome]")).toHaveText("Answered")
  // Decoded from G.711.
  await expectBothVoices(admin.page, row, "audio/wav")
  await alice.close()
  await admin.close()
  await desk.stop()
})
