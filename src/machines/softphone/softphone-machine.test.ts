/**
 * Model-based test of the softphone machine: xstate/graph walks the shortest path to every reachable state (and
 * the simple paths through the call region), each path is replayed on a running actor whose credentials loader,
 * phone and ticker are scripted, and after every step the actor must be where the model says, with the same remote
 * party, timer, mute, hold and tones, commands sent to the phone, and alerts. What the call says in the shell's live
 * region is checked beside the announcer, in one system as under the root.
 */
import { describe, expect, it } from "vitest"
import type { AnyStateNode } from "xstate"
import { getShortestPaths, getSimplePaths } from "xstate/graph"
import { noticeOf, softphoneMachine, type SoftphoneEvent } from "./softphone-machine"
import { selectClock } from "./softphone-selectors"
import { failureOf } from "../common/failure"
import {
  CONNECTED,
  PREFIX,
  callStoryPath,
  creds,
  events,
  harness,
  nameOf,
  options,
  replay,
  storyPath,
  withAnnouncer,
  type ModelEvent,
  type Snap,
} from "./softphone-model.testing"

const shortest = getShortestPaths(softphoneMachine, options)
const ready = storyPath(PREFIX)
// (Refusal notices and the microphone alert are covered by the shortest paths; in simple paths they only multiply.)
const callEvents = events.filter(
  (e) =>
    !e.type.includes("credentials") &&
    ![
      "RETRY",
      "PHONE.REJECTED",
      "PHONE.REGISTERING",
      "PHONE.FAILED",
      "PHONE.MEDIA_FAILED",
      "PHONE.INCOMING_REFUSED",
      "PHONE.MICROPHONE",
      // Mute, hold and tones only change the connected call: the shortest paths reach each of their states.
      "MUTE",
      "HOLD",
      "PHONE.HELD",
      "DTMF",
    ].includes(e.type),
)
const simple = getSimplePaths(softphoneMachine, {
  ...options,
  events: callEvents as SoftphoneEvent[],
  fromState: ready.state as Snap,
}).filter((path) => path.steps.length <= 6)

// Events that change no state (alerts only) never lie on a shortest path: replay them explicitly.
const alertsOnly = [
  [...PREFIX, { type: "DIAL", number: "" }],
  [...PREFIX, { type: "PHONE.MICROPHONE" }],
  [{ type: "PHONE.MICROPHONE" }],
].map((list) => storyPath(list as ModelEvent[]))

/** Mute, hold and tones on a connected call, each way it can go, then the call ends and they are forgotten. */
const callStories = [
  [...CONNECTED, { type: "MUTE" }, { type: "DTMF", digit: "5" }, { type: "DTMF", digit: "a" }, { type: "MUTE" }, { type: "HANGUP" }],
  [
    ...CONNECTED,
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    { type: "MUTE" },
    { type: "HOLD" },
    { type: "PHONE.HELD", held: false },
  ],
  // A refused hold leaves the call as it was; a resume refused keeps it held; the other side ending forgets both.
  [...CONNECTED, { type: "HOLD" }, { type: "PHONE.HELD", held: false }, { type: "HOLD" }, { type: "PHONE.HELD", held: true }],
  [
    ...CONNECTED,
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    { type: "PHONE.ENDED" },
  ],
  // Not connected: nothing to mute, hold or send tones on.
  [...PREFIX, { type: "DIAL", number: "1004" }, { type: "MUTE" }, { type: "HOLD" }, { type: "DTMF", digit: "1" }],
].map((list) => callStoryPath(list as ModelEvent[]))

describe("softphone machine (model-based)", () => {
  it("reaches every state node of the machine", () => {
    const ids = new Set<string>()
    for (const path of shortest) for (const node of path.state._nodes) ids.add(node.id)
    const nodes = (node: AnyStateNode): string[] => [node.id, ...Object.values(node.states).flatMap(nodes)]
    const all = nodes(softphoneMachine.root)
    // The transfer's steps inside a connected call are walked by softphone-transfer.test.ts.
    expect(all.filter((id) => !ids.has(id) && !id.includes(".connected."))).toEqual([])
  })

  it("exercises every event type", () => {
    const used = new Set([...shortest, ...simple, ...alertsOnly, ...callStories].flatMap((p) => p.steps.map((s) => s.event.type)))
    for (const event of events) expect(used, event.type).toContain(event.type)
  })

  it.each(shortest.map((p) => [nameOf(p), p] as const))("shortest: %s", async (_name, path) => {
    await replay(path)
  })

  it.each(alertsOnly.map((p) => [nameOf(p), p] as const))("alert only: %s", async (_name, path) => {
    await replay(path)
  })

  it.each(callStories.map((p) => [nameOf(p), p] as const))("call story: %s", async (_name, path) => {
    await replay(path)
  })

  it(`replays ${simple.length} simple paths of the call region`, async () => {
    expect(simple.length).toBeGreaterThan(10)
    for (const path of simple) await replay(path, PREFIX)
  })

  it("alerts 'Enter phone number' on an empty dial and dials nothing", async () => {
    const h = harness()
    await h.step({ type: "xstate.done.actor.credentials", output: creds })
    await h.step({ type: "PHONE.REGISTERED" })
    await h.step({ type: "DIAL", number: "" })
    expect(h.alerts).toEqual(["enterPhoneNumber"])
    expect(h.commands).toEqual([])
    expect(h.actor.getSnapshot().matches({ running: { call: "idle" } })).toBe(true)
    h.actor.stop()
  })

  it("keeps why the credentials failed as data, and forgets it once they load", async () => {
    const h = harness()
    await h.step({ type: "xstate.error.actor.credentials", error: { status: 503, code: "UNAVAILABLE", message: "PBX down" } })
    expect(h.actor.getSnapshot().context.failure).toEqual(failureOf({ status: 503, code: "UNAVAILABLE", message: "PBX down" }))
    await h.step({ type: "RETRY" })
    await h.step({ type: "xstate.done.actor.credentials", output: creds })
    await h.step({ type: "PHONE.REJECTED" })
    expect(h.actor.getSnapshot().context.failure).toMatchObject({ code: "SIP_REJECTED" })
    await h.step({ type: "RETRY" })
    await h.step({ type: "xstate.done.actor.credentials", output: creds })
    expect(h.actor.getSnapshot().context.failure).toBeNull()
    h.actor.stop()
  })

  it("maps SIP refusals to notices", () => {
    expect([486, 600, 404, 604, 480, 408, 603, 488, 606, 503, 500].map(noticeOf)).toEqual([
      "busy",
      "busy",
      "notFound",
      "notFound",
      "unavailable",
      "unavailable",
      "declined",
      "incompatible",
      "incompatible",
      "serviceUnavailable",
      "failed",
    ])
  })

  it("counts seconds from the connection, and resets timer and remote party when the call ends", async () => {
    const h = harness()
    await h.step({ type: "xstate.done.actor.credentials", output: creds })
    await h.step({ type: "PHONE.REGISTERED" })
    await h.step({ type: "PHONE.INCOMING", from: "1005" })
    await h.step({ type: "ANSWER" })
    await h.step({ type: "TICK" }) // not connected yet: ignored
    expect(h.actor.getSnapshot().context.seconds).toBe(0)
    await h.step({ type: "PHONE.ESTABLISHED" })
    for (let i = 0; i < 75; i++) await h.step({ type: "TICK" })
    expect(h.actor.getSnapshot().context).toMatchObject({ seconds: 75, remote: "1005" })
    expect(selectClock(h.actor.getSnapshot())).toBe("01:15")
    await h.step({ type: "PHONE.ENDED" })
    expect(h.actor.getSnapshot().context).toMatchObject({ seconds: 0, remote: null })
    h.actor.stop()
  })

  it("says each change of the call in the live region: calling, connected, muted, held, resumed, ended", async () => {
    const { heard, softphone, send, stop } = await withAnnouncer()
    expect(softphone.getSnapshot().matches("running")).toBe(true)
    await send([
      { type: "PHONE.REGISTERED" },
      { type: "DIAL", number: "1004" },
      { type: "PHONE.ESTABLISHED" },
      { type: "MUTE" },
      { type: "MUTE" },
      { type: "HOLD" },
      { type: "PHONE.HELD", held: true },
      { type: "PHONE.HELD", held: true },
      { type: "HOLD" },
      { type: "PHONE.HELD", held: false },
      { type: "DTMF", digit: "1" },
      { type: "HANGUP" },
      { type: "PHONE.INCOMING", from: "1005" },
      { type: "REJECT" },
    ] as SoftphoneEvent[])
    const said = (key: string, remote: string) => ({ key: `pbx.said.${key}`, values: { remote } })
    expect(heard).toEqual([
      said("calling", "1004"),
      said("connected", "1004"),
      said("muted", "1004"),
      said("unmuted", "1004"),
      said("held", "1004"),
      said("resumed", "1004"),
      said("ended", "1004"),
      said("incoming", "1005"),
      said("rejected", "1005"),
    ])
    stop()
  })
})
