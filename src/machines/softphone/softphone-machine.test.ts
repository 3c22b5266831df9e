/**
 * Model-based test of the softphone machine: xstate/graph walks the shortest path to every reachable state (and
 * the simple paths through the call region), each path is replayed on a running actor whose credentials loader,
 * phone and ticker are scripted, and after every step the actor must be where the model says, with the same remote
 * party, timer, mute, hold and tones, commands sent to the phone, and alerts. What the call says in the shell's live
 * region is checked beside the announcer, in one system as under the root.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyStateMachine, type AnyStateNode } from "xstate"
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from "xstate/graph"
import type { SipCredentials } from "../../contract/schemas/tenants"
import { noticeOf, softphoneMachine, type PhoneCommand, type SoftphoneEvent } from "./softphone-machine"
import { selectClock, selectNotice } from "./softphone-selectors"
import { failureOf } from "../common/failure"
import { announcerMachine, type Words } from "../shell/announcer-machine"

const creds: SipCredentials = {
  ws_url: "ws://127.0.0.1:5066",
  domain: "pbx.local",
  extension: "1003",
  username: "1999999999:1003",
  password: "x",
  expires_at: 1999999999,
}

type ModelEvent =
  | SoftphoneEvent
  | { type: "xstate.done.actor.credentials"; output: SipCredentials | null }
  | { type: "xstate.error.actor.credentials"; error: unknown }

const events: ModelEvent[] = [
  { type: "xstate.done.actor.credentials", output: creds },
  { type: "xstate.done.actor.credentials", output: null },
  { type: "xstate.error.actor.credentials", error: new Error("offline") },
  { type: "RETRY" },
  { type: "PHONE.REGISTERING" },
  { type: "PHONE.REGISTERED" },
  { type: "PHONE.UNREGISTERED" },
  { type: "PHONE.REJECTED" },
  { type: "DIAL", number: "" },
  { type: "DIAL", number: "   " },
  { type: "DIAL", number: " 1004 " },
  { type: "PHONE.INCOMING", from: "1005" },
  { type: "ANSWER" },
  { type: "REJECT" },
  { type: "HANGUP" },
  { type: "PHONE.ESTABLISHED" },
  { type: "PHONE.ENDED" },
  { type: "TICK" },
  { type: "PHONE.FAILED", status: 486 },
  { type: "PHONE.FAILED", status: 603 },
  { type: "PHONE.FAILED", status: 488 },
  { type: "PHONE.MEDIA_FAILED" },
  { type: "PHONE.INCOMING_REFUSED", from: "1006" },
  { type: "PHONE.MICROPHONE" },
  { type: "MUTE" },
  { type: "HOLD" },
  { type: "PHONE.HELD", held: true },
  { type: "PHONE.HELD", held: false },
  { type: "DTMF", digit: "5" },
  { type: "DTMF", digit: "a" },
]

type Snap = ReturnType<typeof softphoneMachine.getInitialSnapshot>
/**
 * The walk's state identity: where, who, whether the timer has run, and whether credentials are held. Mute, hold and
 * tones are left out (each would multiply every connected state): the call stories below walk them.
 */
const serialize = (snapshot: Snap) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.remote,
    snapshot.context.seconds > 0,
    snapshot.context.credentials !== null,
    snapshot.context.failure !== null,
    snapshot.context.notice,
    snapshot.context.party,
  ])
const options = { events: events as SoftphoneEvent[], serializeState: (s: unknown) => serialize(s as Snap) }
const shortest = getShortestPaths(softphoneMachine, options)
// Simple paths through the call region, from "registered and idle": the long stories (dial, connect, tick, hang up).
const PREFIX: ModelEvent[] = [{ type: "xstate.done.actor.credentials", output: creds }, { type: "PHONE.REGISTERED" }]
/** getPathsFromEvents is typed without the emitted-event parameter, so a machine that emits alerts needs widening. */
const storyPath = (story: ModelEvent[]) =>
  getPathsFromEvents(
    softphoneMachine as unknown as AnyStateMachine,
    story as SoftphoneEvent[],
    options,
  )[0] as unknown as (typeof shortest)[number]
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

/** A call story walked with mute, hold and tones in the state identity, over its own events only (a small graph). */
const callStoryPath = (story: ModelEvent[]) =>
  getPathsFromEvents(softphoneMachine as unknown as AnyStateMachine, story as SoftphoneEvent[], {
    events: story as SoftphoneEvent[],
    serializeState: (s: unknown) => {
      const snapshot = s as Snap
      return `${serialize(snapshot)}${JSON.stringify([snapshot.context.muted, snapshot.context.held, snapshot.context.tones !== ""])}`
    },
  })[0] as unknown as (typeof shortest)[number]

/** Mute, hold and tones on a connected call, each way it can go, then the call ends and they are forgotten. */
const CONNECTED: ModelEvent[] = [...PREFIX, { type: "DIAL", number: "1004" }, { type: "PHONE.ESTABLISHED" }]
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

/** The machine with its credentials loaded at once and a silent phone, for the tests that only read what it says. */
const harnessMachine = () =>
  softphoneMachine.provide({
    actors: {
      loadCredentials: fromPromise<SipCredentials | null>(async () => creds),
      phone: fromCallback<PhoneCommand, SipCredentials>(() => () => undefined),
      ticker: fromCallback(() => () => undefined),
    },
  })

/** A running actor with scripted children; `step` replays one model event on it. */
const harness = () => {
  const commands: PhoneCommand[] = []
  const alerts: string[] = []
  let settle: { resolve: (v: SipCredentials | null) => void; reject: (e: unknown) => void } | null = null
  let phoneRunning = 0
  let tickerRunning = 0
  const actor = createActor(
    softphoneMachine.provide({
      actors: {
        loadCredentials: fromPromise<SipCredentials | null>(
          () =>
            new Promise((resolve, reject) => {
              settle = { resolve, reject }
            }),
        ),
        phone: fromCallback<PhoneCommand, SipCredentials>(({ receive }) => {
          phoneRunning += 1
          receive((command) => commands.push(command))
          return () => {
            phoneRunning -= 1
          }
        }),
        ticker: fromCallback(() => {
          tickerRunning += 1
          return () => {
            tickerRunning -= 1
          }
        }),
      },
    }),
  )
  actor.on("alert", (event) => alerts.push(event.key))
  actor.start()
  const flush = () => new Promise((r) => setTimeout(r, 0))
  const step = async (event: ModelEvent) => {
    if (event.type === "xstate.done.actor.credentials") settle!.resolve(event.output)
    else if (event.type === "xstate.error.actor.credentials") settle!.reject(event.error)
    else actor.send(event)
    await flush()
  }
  return { actor, commands, alerts, step, children: () => ({ phone: phoneRunning, ticker: tickerRunning }) }
}

const expectedCommand = (event: ModelEvent, before: Snap, after: Snap): PhoneCommand | null => {
  const was = JSON.stringify(before.value)
  if (event.type === "DIAL" && after.matches({ running: { call: "calling" } }) && !before.matches({ running: { call: "calling" } }))
    return { type: "DIAL", number: event.number.trim() }
  if (event.type === "ANSWER" && was.includes("incoming")) return { type: "ANSWER" }
  if (event.type === "REJECT" && was.includes("incoming")) return { type: "REJECT" }
  if (event.type === "HANGUP" && (was.includes("calling") || was.includes("active"))) return { type: "HANGUP" }
  if (before.matches({ running: { call: { active: "connected" } } })) {
    if (event.type === "MUTE") return { type: "MUTE", muted: !before.context.muted }
    if (event.type === "HOLD") return { type: "HOLD", held: !before.context.held }
    if (event.type === "DTMF" && /^[0-9*#]$/.test(event.digit)) return { type: "DTMF", digit: event.digit }
  }
  return null
}

const nameOf = (path: (typeof shortest)[number]) =>
  path.steps.map((step) => step.event.type.replace("xstate.", "")).join(" > ") || "(initial)"

const replay = async (path: (typeof shortest)[number], prefix: ModelEvent[] = []) => {
  const h = harness()
  await new Promise((r) => setTimeout(r, 0))
  for (const event of prefix) await h.step(event)
  for (const { event, state } of path.steps) {
    const before = h.actor.getSnapshot()
    const sentBefore = h.commands.length
    const alertsBefore = h.alerts.length
    await h.step(event as ModelEvent)
    const after = h.actor.getSnapshot()
    const model = state as Snap
    expect(after.value, `${nameOf(path)}: after ${event.type}`).toEqual(model.value)
    expect(after.context.remote).toEqual(model.context.remote)
    expect(after.context.notice).toEqual(model.context.notice)
    expect([after.context.muted, after.context.held, after.context.tones]).toEqual([
      model.context.muted,
      model.context.held,
      model.context.tones,
    ])
    expect(selectNotice(after)).toEqual(selectNotice(model))
    // The walk keeps one snapshot per "timer has run" (seconds > 0); exact counting has its own test below.
    expect(after.context.seconds > 0).toEqual(model.context.seconds > 0)
    const command = expectedCommand(event as ModelEvent, before, after)
    expect(h.commands.slice(sentBefore)).toEqual(command ? [command] : [])
    if (event.type === "DIAL" && (event as { number: string }).number.trim() === "" && JSON.stringify(before.value).includes("idle")) {
      expect(h.alerts.slice(alertsBefore)).toEqual(["enterPhoneNumber"])
    }
    if (event.type === "PHONE.MICROPHONE") expect(h.alerts.slice(alertsBefore)).toEqual(before.matches("running") ? ["microphone"] : [])
    // The phone (sip.js user agent) lives exactly while running; the ticker exactly while connected.
    expect(h.children()).toEqual({
      phone: after.matches("running") ? 1 : 0,
      ticker: after.matches({ running: { call: { active: "connected" } } }) ? 1 : 0,
    })
    if (after.matches({ running: { call: "idle" } }))
      expect([after.context.remote, after.context.seconds, after.context.muted, after.context.held, after.context.tones]).toEqual([
        null,
        0,
        false,
        false,
        "",
      ])
  }
  expect(h.actor.getSnapshot().value).toEqual(path.state.value)
  h.actor.stop()
  expect(h.children()).toEqual({ phone: 0, ticker: 0 })
}

describe("softphone machine (model-based)", () => {
  it("reaches every state node of the machine", () => {
    const ids = new Set<string>()
    for (const path of shortest) for (const node of path.state._nodes) ids.add(node.id)
    const nodes = (node: AnyStateNode): string[] => [node.id, ...Object.values(node.states).flatMap(nodes)]
    const all = nodes(softphoneMachine.root)
    expect(all.filter((id) => !ids.has(id))).toEqual([])
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
    const heard: Words[] = []
    const root = createActor(
      setup({ actors: { softphone: harnessMachine(), announcer: announcerMachine } }).createMachine({
        invoke: [
          { id: "announcer", systemId: "announcer", src: "announcer" },
          { id: "softphone", src: "softphone" },
        ],
      }),
    ).start()
    const { announcer, softphone } = root.getSnapshot().children as {
      announcer: ActorRefFrom<typeof announcerMachine>
      softphone: ActorRefFrom<typeof softphoneMachine>
    }
    announcer.subscribe((s) => {
      for (const said of [s.context.polite, s.context.assertive]) if (said && said.seq > heard.length) heard.push(said.words)
    })
    const flush = () => new Promise((r) => setTimeout(r, 0))
    await flush()
    expect(softphone.getSnapshot().matches("running")).toBe(true)
    for (const event of [
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
    ] as SoftphoneEvent[]) {
      softphone.send(event)
      await flush()
    }
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
    root.stop()
  })
})
