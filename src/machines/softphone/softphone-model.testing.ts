/**
 * The softphone machine's model, shared by its model-based tests (softphone-machine.test.ts, the call region;
 * softphone-transfer.test.ts, blind transfers; softphone-consult.test.ts, warm transfers): the events the walks use, the state identity, a running actor with
 * scripted credentials, phone and ticker, and `replay`, which checks the actor against the model after every step.
 */
import { expect } from "vitest"
import { createActor, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyStateMachine } from "xstate"
import { getPathsFromEvents, getShortestPaths } from "xstate/graph"
import type { SipCredentials } from "../../contract/schemas/tenants"
import type { PbxExtension } from "../../contract/schemas/pbx"
import { softphoneMachine, transferPickOf, type PhoneCommand, type SoftphoneEvent } from "./softphone-machine"
import { selectConsult, selectNotice, selectTransferProblem } from "./softphone-selectors"
import { announcerMachine, type Words } from "../shell/announcer-machine"

export const creds: SipCredentials = {
  ws_url: "ws://127.0.0.1:5066",
  domain: "pbx.local",
  extension: "1003",
  username: "1999999999:1003",
  password: "x",
  expires_at: 1999999999,
}

/** The tenant's extensions as the server lists them (the caller's own left out): one online, one not. */
export const EXTENSIONS: readonly PbxExtension[] = [
  { extension: "1007", name: "Admin", registered: true },
  { extension: "1004", name: "Deniz", registered: false },
  { extension: "1009", name: "Desk phone", registered: true },
]

export type ModelEvent =
  | SoftphoneEvent
  | { type: "xstate.done.actor.extensions"; output: readonly PbxExtension[] }
  | { type: "xstate.error.actor.extensions"; error: unknown }
  | { type: "xstate.done.actor.credentials"; output: SipCredentials | null }
  | { type: "xstate.error.actor.credentials"; error: unknown }

/** The blind transfer's events (softphone-transfer.test.ts walks their stories). */
export const TRANSFER_EVENTS: ModelEvent[] = [
  { type: "TRANSFER_OPEN" },
  { type: "TRANSFER_CANCEL" },
  { type: "TRANSFER", target: " " },
  { type: "TRANSFER", target: " 1007 " },
  { type: "xstate.done.actor.extensions", output: EXTENSIONS },
  { type: "xstate.error.actor.extensions", error: new Error("offline") },
  { type: "TRANSFER_FILTER", text: "d" },
  { type: "TRANSFER_FILTER", text: "2103" },
  { type: "TRANSFER_MOVE", by: 1 },
  { type: "TRANSFER_MOVE", by: -1 },
  { type: "PHONE.TRANSFERRED" },
  { type: "PHONE.TRANSFER_FAILED", stage: "target", status: 404 },
  { type: "PHONE.TRANSFER_FAILED", stage: "refer", status: 405 },
  { type: "xstate.after.transferTimeout.softphone.running.call.active.connected.transferring" } as unknown as ModelEvent,
  { type: "PHONE.REFERRED", to: "1008" },
  { type: "PHONE.REFERRAL_FAILED", remote: "1005" },
]
export const TRANSFER_EVENT_TYPES = new Set(TRANSFER_EVENTS.map((event) => event.type))

/** The warm transfer's events (softphone-consult.test.ts walks their stories). */
export const CONSULT_EVENTS: ModelEvent[] = [
  { type: "WARM_OPEN" },
  { type: "CONSULT_COMPLETE" },
  { type: "CONSULT_CANCEL" },
  { type: "PHONE.CONSULT_CONNECTED" },
  { type: "PHONE.CONSULT_ENDED", status: 486 },
  { type: "PHONE.CONSULT_ENDED", status: null },
  { type: "PHONE.REPLACED", remote: "1007" },
  { type: "xstate.after.transferTimeout.softphone.running.call.active.connected.consulting.completing" } as unknown as ModelEvent,
  // Mute and the keypad while consulting: they reach the colleague, never the held customer.
  { type: "MUTE" },
  { type: "DTMF", digit: "7" },
  { type: "DTMF", digit: "x" },
]

export const events: ModelEvent[] = [
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

export type Snap = ReturnType<typeof softphoneMachine.getInitialSnapshot>
/**
 * The walk's state identity: where, who, whether the timer has run, and whether credentials are held. Mute, hold and
 * tones are left out (each would multiply every connected state): the call stories below walk them.
 */
export const serialize = (snapshot: Snap) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.remote,
    snapshot.context.seconds > 0,
    snapshot.context.credentials !== null,
    snapshot.context.failure !== null,
    snapshot.context.notice,
    snapshot.context.party,
    snapshot.context.transferProblem,
    snapshot.context.transferTarget,
    snapshot.context.extensions === null,
    snapshot.context.extensionsFailed,
    snapshot.context.transferQuery,
    snapshot.context.transferActive,
    snapshot.context.warm,
  ])
export const options = { events: events as SoftphoneEvent[], serializeState: (s: unknown) => serialize(s as Snap) }
const modelPaths = (o: typeof options) => getShortestPaths(softphoneMachine, o)
export type ModelPath = ReturnType<typeof modelPaths>[number]

// Simple paths through the call region, from "registered and idle": the long stories (dial, connect, tick, hang up).
export const PREFIX: ModelEvent[] = [{ type: "xstate.done.actor.credentials", output: creds }, { type: "PHONE.REGISTERED" }]
/** getPathsFromEvents is typed without the emitted-event parameter, so a machine that emits alerts needs widening. */
export const storyPath = (story: ModelEvent[]) =>
  getPathsFromEvents(softphoneMachine as unknown as AnyStateMachine, story as SoftphoneEvent[], options)[0] as unknown as ModelPath

/** A call story walked with mute, hold and tones in the state identity, over its own events only (a small graph). */
export const callStoryPath = (story: ModelEvent[]) =>
  getPathsFromEvents(softphoneMachine as unknown as AnyStateMachine, story as SoftphoneEvent[], {
    events: story as SoftphoneEvent[],
    serializeState: (s: unknown) => {
      const snapshot = s as Snap
      const { muted, held, tones, consultMuted, consultTones } = snapshot.context
      return `${serialize(snapshot)}${JSON.stringify([muted, held, tones !== "", consultMuted, consultTones !== ""])}`
    },
  })[0] as unknown as ModelPath

/** Mute, hold and tones on a connected call, each way it can go, then the call ends and they are forgotten. */
export const CONNECTED: ModelEvent[] = [...PREFIX, { type: "DIAL", number: "1004" }, { type: "PHONE.ESTABLISHED" }]

/** The machine with its credentials loaded at once and a silent phone, for the tests that only read what it says. */
export const harnessMachine = () =>
  softphoneMachine.provide({
    actors: {
      loadCredentials: fromPromise<SipCredentials | null>(async () => creds),
      loadExtensions: fromPromise<readonly PbxExtension[]>(async () => EXTENSIONS),
      phone: fromCallback<PhoneCommand, SipCredentials>(() => () => undefined),
      ticker: fromCallback(() => () => undefined),
    },
  })

/** A running actor with scripted children; `step` replays one model event on it. */
export const harness = () => {
  const commands: PhoneCommand[] = []
  const alerts: string[] = []
  let settle: { resolve: (v: SipCredentials | null) => void; reject: (e: unknown) => void } | null = null
  /** The extensions' request of the dialog open now (each opening asks again). */
  let settleExtensions: { resolve: (v: readonly PbxExtension[]) => void; reject: (e: unknown) => void } | null = null
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
        loadExtensions: fromPromise<readonly PbxExtension[]>(
          () =>
            new Promise((resolve, reject) => {
              settleExtensions = { resolve, reject }
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
    else if (event.type === "xstate.done.actor.extensions") settleExtensions?.resolve(event.output)
    else if (event.type === "xstate.error.actor.extensions") settleExtensions?.reject(event.error)
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
  const transferring = (s: Snap) => s.matches({ running: { call: { active: { connected: "transferring" } } } })
  if (transferring(after) && !transferring(before)) return { type: "TRANSFER", target: after.context.transferTarget ?? "" }
  const now = JSON.stringify(after.value)
  if (now.includes("consulting") && !was.includes("consulting")) return { type: "CONSULT", target: after.context.transferTarget ?? "" }
  if (now.includes("completing") && !was.includes("completing")) return { type: "CONSULT_COMPLETE" }
  if (event.type === "CONSULT_CANCEL" && was.includes("consulting")) return { type: "CONSULT_CANCEL" }
  if (was.includes("consulting")) {
    if (event.type === "MUTE") return { type: "CONSULT_MUTE", muted: !before.context.consultMuted }
    if (event.type === "DTMF")
      return /^[0-9*#]$/.test(event.digit) && !was.includes("ringing") ? { type: "CONSULT_DTMF", digit: event.digit } : null
  }
  if (before.matches({ running: { call: { active: "connected" } } })) {
    if (event.type === "MUTE") return { type: "MUTE", muted: !before.context.muted }
    if (event.type === "HOLD" && !was.includes("transferring") && !was.includes("consulting"))
      return { type: "HOLD", held: !before.context.held }
    if (event.type === "DTMF" && /^[0-9*#]$/.test(event.digit)) return { type: "DTMF", digit: event.digit }
  }
  return null
}

export const nameOf = (path: ModelPath) => path.steps.map((step) => step.event.type.replace("xstate.", "")).join(" > ") || "(initial)"

export const replay = async (path: ModelPath, prefix: ModelEvent[] = []) => {
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
    expect([after.context.consultMuted, after.context.consultTones]).toEqual([model.context.consultMuted, model.context.consultTones])
    expect(selectNotice(after)).toEqual(selectNotice(model))
    expect(selectTransferProblem(after)).toEqual(selectTransferProblem(model))
    expect(after.context.transferTarget).toEqual(model.context.transferTarget)
    expect(after.context.warm).toEqual(model.context.warm)
    expect(selectConsult(after)).toEqual(selectConsult(model))
    expect([after.context.extensions, after.context.extensionsFailed]).toEqual([model.context.extensions, model.context.extensionsFailed])
    expect([after.context.transferQuery, after.context.transferActive]).toEqual([model.context.transferQuery, model.context.transferActive])
    expect(transferPickOf(after.context)).toEqual(transferPickOf(model.context))
    // The walk keeps one snapshot per "timer has run" (seconds > 0); exact counting has its own test below.
    expect(after.context.seconds > 0).toEqual(model.context.seconds > 0)
    const command = expectedCommand(event as ModelEvent, before, after)
    expect(h.commands.slice(sentBefore)).toEqual(command ? [command] : [])
    if (event.type === "DIAL" && (event as { number: string }).number.trim() === "" && JSON.stringify(before.value).includes("idle")) {
      expect(h.alerts.slice(alertsBefore)).toEqual(["enterPhoneNumber"])
    }
    if (
      event.type === "TRANSFER" &&
      (event as { target: string }).target.trim() === "" &&
      JSON.stringify(before.value).includes("choosing")
    ) {
      expect(h.alerts.slice(alertsBefore)).toEqual(["enterPhoneNumber"])
    }
    if (event.type === "PHONE.MICROPHONE") expect(h.alerts.slice(alertsBefore)).toEqual(before.matches("running") ? ["microphone"] : [])
    // The phone (sip.js user agent) lives exactly while running; the ticker exactly while connected.
    expect(h.children()).toEqual({
      phone: after.matches("running") ? 1 : 0,
      ticker: after.matches({ running: { call: { active: "connected" } } }) ? 1 : 0,
    })
    // Outside a consult there is no consult's mute or tones to remember.
    if (!JSON.stringify(after.value).includes("consulting"))
      expect([after.context.consultMuted, after.context.consultTones]).toEqual([false, ""])
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

/**
 * The softphone (its harness actors) beside the shell's announcer, as the root system runs them: `send` gives it
 * events one macrotask apart, `heard` is what the live region said, in order.
 */
export const withAnnouncer = async () => {
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
  announcer.subscribe((snapshot) => {
    for (const said of [snapshot.context.polite, snapshot.context.assertive]) if (said && said.seq > heard.length) heard.push(said.words)
  })
  const flush = () => new Promise((r) => setTimeout(r, 0))
  await flush()
  const send = async (events: readonly SoftphoneEvent[]) => {
    for (const event of events) {
      softphone.send(event)
      await flush()
    }
  }
  return { heard, softphone, send, stop: () => root.stop() }
}
