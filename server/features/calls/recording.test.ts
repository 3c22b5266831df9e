/**
 * Call recording over a real server (PGlite): with the tenant's recording on, a simulated customer's call is recorded
 * by the relay, announcement first; the file's length is the call's, and decoded (opusdec) each voice is heard where it
 * spoke: the agent's clip in the channel of what the customer heard, the customer's in the other, and while held the
 * hold tone instead of the agent. Off, nothing is recorded. Listening needs the permission; the retention schedule
 * deletes the file and its row.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Socket } from "socket.io-client"
import { as, callOf, devFetch, login, send, useServer } from "../../testing/harness"
import { browserPeer, connect, next, pause } from "../../testing/calls-peer"
import { loadFeatures } from "../load"
import { recordingNotice } from "./recording-live"
import { recordingRetention } from "./recording-store"

const RATE = 48_000

/** Decodes an Ogg Opus file to its two channels of 48 kHz samples. */
const decode = (ogg: Buffer): [Float32Array, Float32Array] => {
  const dir = mkdtempSync(join(tmpdir(), "recording-test-"))
  try {
    writeFileSync(join(dir, "call.opus"), ogg)
    execFileSync("opusdec", ["--quiet", "--rate", String(RATE), join(dir, "call.opus"), join(dir, "call.wav")])
    const wav = readFileSync(join(dir, "call.wav"))
    const channels = wav.readUInt16LE(22)
    const data = wav.indexOf("data", 12, "latin1")
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + data + 8, wav.byteOffset + wav.length))
    const frames = Math.floor(samples.length / channels)
    const split = [new Float32Array(frames), new Float32Array(frames)] as [Float32Array, Float32Array]
    for (let i = 0; i < frames; i++) for (const c of [0, 1]) split[c][i] = samples[i * channels + c] / 32768
    return split
  } finally {
    rmSync(dir, { recursive: true })
  }
}

/** The level of `freq` Hz in `samples` between `from` and `to` seconds (Goertzel, normalised to a sine's amplitude). */
const toneLevel = (samples: Float32Array, freq: number, from: number, to: number) => {
  const start = Math.floor(from * RATE)
  const end = Math.min(samples.length, Math.floor(to * RATE))
  const k = 2 * Math.cos((2 * Math.PI * freq) / RATE)
  let [s1, s2] = [0, 0]
  for (let i = start; i < end; i++) [s1, s2] = [samples[i] + k * s1 - s2, s1]
  const power = s1 * s1 + s2 * s2 - k * s1 * s2
  return (2 * Math.sqrt(Math.max(0, power))) / Math.max(1, end - start)
}

describe("call recording", () => {
  const ctx = useServer("pglite")
  let admin = ""
  let agent1 = ""
  let s: Socket
  let agentId = 0

  beforeAll(async () => {
    admin = (await login(ctx.url, "admin")).user_token
    const session = await login(ctx.url, "agent1")
    agent1 = session.user_token
    agentId = session.user_data.id
    s = await connect(ctx.url, agent1)
    // Calls ring agents who are online, as the console's Online switch makes them.
    expect((await send(ctx.url, callOf("auth", "agentOnline"), {}, as(agent1))).status).toBe(200)
  })
  afterAll(async () => {
    s.close()
    await send(ctx.url, callOf("onboarding", "callSetting"), { record_calls: false }, as(admin))
  })

  const setting = (values: Record<string, unknown>) => send(ctx.url, callOf("onboarding", "callSetting"), values, as(admin))
  const recordingsOf = (token: string, callIds: string[]) =>
    send(ctx.url, callOf("callRecordings", "recordingsOfCalls"), { call_ids: callIds }, as(token))
  const callRecord = async (callId: string) => {
    const today = new Date().toISOString().slice(0, 10)
    const reply = await send(
      ctx.url,
      callOf("reports", "callsList"),
      { start_date: `${today} 00:00:00`, end_date: `${today} 23:59:59`, limit: 100, page: 1 },
      as(admin),
    )
    return (reply.body.whatsappCalls.whatsappCalls as any[]).find((row) => row.call_id === callId)
  }

  /** A customer's call answered by agent1; resolves once media flows, with the moment the answer came. */
  const answeredCall = async (number: string) => {
    const ringing = next(s, "call-is-coming", (p) => p.callerNumber === number)
    const placed = await devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number })
    const callId = ((await placed.json()) as { data: { callId: string } }).data.callId
    await ringing
    const peer = await browserPeer()
    const answered = next(s, "browser-answer", (p) => p.callId === callId)
    s.emit("browser-offer", { clientId: 1, userId: agentId, callId, sdp: peer.offer })
    const { sdp } = await answered
    const startedAt = performance.now()
    await peer.accept(sdp)
    await peer.connected()
    return { callId, peer, at: () => (performance.now() - startedAt) / 1000 }
  }
  const hangUp = async (callId: string) => {
    const ended = next(s, "call-ended", (p) => p.callId === callId)
    s.emit("terminate-call", { callId })
    await ended
  }

  it("off by default: an answered call leaves no recording", async () => {
    const got = await send(ctx.url, callOf("onboarding", "getCallSetting"), {}, as(admin))
    expect(got.body.data).toMatchObject({ record_calls: false, recording_retention_days: 90 })
    const { callId, peer } = await answeredCall("+905550007001")
    try {
      await peer.talk(25)
    } finally {
      await hangUp(callId)
      await peer.close()
    }
    const listed = await recordingsOf(admin, [callId])
    expect(listed.status).toBe(200)
    expect(listed.body.data).toEqual([])
  }, 30_000)

  it("records both voices, the hold tone while held; plays for the permitted; the retention deletes it", async () => {
    expect((await setting({ record_calls: true, recording_retention_days: 2 })).status).toBe(200)
    const { callId, peer, at } = await answeredCall("+905550007002")
    const marks: Record<string, number> = {}
    try {
      // The announcement (1.2 s) plays first; then the agent speaks the 1400 Hz beeps, then the customer the hold tone.
      await pause(1500)
      marks.agent = at()
      await peer.talk(100, recordingNotice())
      marks.agentDone = at()
      await devFetch(ctx.server, `/dev/simulator/calls/${callId}/say`, { speaking: true })
      marks.customer = at()
      await pause(2000)
      marks.customerDone = at()
      // Held: the agent keeps talking and the customer too, but neither is recorded; the hold tone is.
      const held = next(s, "call-held", (p) => p.callId === callId)
      s.emit("hold", { callId })
      await held
      marks.held = at()
      await peer.talk(100, recordingNotice())
      marks.heldDone = at()
    } finally {
      await devFetch(ctx.server, `/dev/simulator/calls/${callId}/say`, { speaking: false }).catch(() => undefined)
      await hangUp(callId)
      await peer.close()
    }
    const record = await callRecord(callId)
    expect(record.call_status).toBe("COMPLETED")

    // Only holders of the permission to listen (admins) get the recording; an agent is refused.
    expect((await recordingsOf(agent1, [callId])).status).toBe(403)
    const listed = await recordingsOf(admin, [callId])
    expect(listed.status).toBe(200)
    expect(listed.body.data).toHaveLength(1)
    const [recording] = listed.body.data as { url: string; duration_ms: number; expires_at: string }[]
    // The file lasts as long as the call (whole seconds in Call History) and is kept the tenant's two days.
    expect(Math.abs(recording.duration_ms / 1000 - record.call_duration)).toBeLessThan(1.5)
    expect(Date.parse(recording.expires_at) - Date.now()).toBeGreaterThan(47 * 3_600_000)

    const file = await fetch(new URL(recording.url, ctx.url))
    expect(file.status).toBe(200)
    expect(file.headers.get("content-type")).toBe("audio/ogg")
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="call-recording-\d+\.opus"$/)
    const ogg = Buffer.from(await file.arrayBuffer())
    expect(ogg.subarray(0, 4).toString("latin1")).toBe("OggS")
    const tail = await fetch(new URL(recording.url, ctx.url), { headers: { range: "bytes=-100" } })
    expect(tail.status).toBe(206)
    expect(tail.headers.get("content-range")).toBe(`bytes ${ogg.length - 100}-${ogg.length - 1}/${ogg.length}`)
    // A link of another kind (an attachment's signature on this id) opens nothing.
    const forged = new URL(recording.url, ctx.url)
    forged.pathname = forged.pathname.replace("/call-recordings/", "/files/")
    expect((await fetch(forged)).status).not.toBe(200)

    const [customer, heard] = decode(ogg)
    expect(Math.abs(heard.length / RATE - recording.duration_ms / 1000)).toBeLessThan(0.1)
    // Windows inside each phase, 0.3 s in from its edges (the recording starts as the answer is sent).
    const beep = (ch: Float32Array, from: number, to: number) => toneLevel(ch, 1400, from + 0.3, to - 0.3)
    const chime = (ch: Float32Array, from: number, to: number) =>
      toneLevel(ch, 440, from + 0.3, to - 0.3) + toneLevel(ch, 554.37, from + 0.3, to - 0.3)
    // A sounding clip measures 0.006–0.04 here, silence under 0.00001.
    const loud = 0.002
    const quiet = 0.0002
    const levels = {
      // The announcement, in what the customer heard, before the agent spoke.
      announcement: beep(heard, 0, marks.agent),
      // The agent speaks: heard by the customer (whose phone echoes it back).
      agent: beep(heard, marks.agent, marks.agentDone),
      // The customer speaks: in the customer's channel, and nothing of it in the other.
      customer: chime(customer, marks.customer, marks.customerDone),
      customerInHeard: chime(heard, marks.customer, marks.customerDone) + beep(heard, marks.customer, marks.customerDone),
      // Held: the customer heard the hold tone, not the agent's beeps; the customer's side is silent.
      holdTone: chime(heard, marks.held, marks.heldDone),
      agentWhileHeld: beep(heard, marks.held, marks.heldDone),
      customerWhileHeld: chime(customer, marks.held, marks.heldDone) + beep(customer, marks.held, marks.heldDone),
    }
    const seen = JSON.stringify({ levels, marks })
    for (const sounding of ["announcement", "agent", "customer", "holdTone"] as const) expect(levels[sounding], seen).toBeGreaterThan(loud)
    for (const silent of ["customerInHeard", "agentWhileHeld", "customerWhileHeld"] as const)
      expect(levels[silent], seen).toBeLessThan(quiet)

    // The queue's schedule deletes it when its two days have passed: the row and the file.
    expect((await loadFeatures()).schedules.map((schedule) => schedule.name)).toContain(recordingRetention.name)
    const database = ctx.server.services.database
    expect(await database.transaction((tx) => recordingRetention.tick(tx, new Date(Date.now() + 86_400_000)))).toBe(0)
    expect(await database.transaction((tx) => recordingRetention.tick(tx, new Date(Date.now() + 2 * 86_400_000 + 60_000)))).toBe(1)
    expect((await database.query("SELECT count(*)::int AS n FROM call_recordings WHERE call_id = $1", [callId])).rows[0]).toEqual({ n: 0 })
    expect((await recordingsOf(admin, [callId])).body.data).toEqual([])
    expect((await fetch(new URL(recording.url, ctx.url))).status).toBe(404)
  }, 60_000)
})
