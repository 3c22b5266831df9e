/**
 * Model-based test of the softphone's warm transfer, in the model of softphone-model.testing.ts: the customer held,
 * the agent consults a colleague on a second call, then completes (the colleague takes the customer over) or cancels
 * (the customer is resumed). Each story is walked by xstate/graph over its own events and replayed on a running
 * actor, checked after every step (state, parties, hold, the consult line, the problem, the phone's commands).
 */
import { describe, expect, it } from "vitest"
import { createActor, type AnyStateNode } from "xstate"
import { softphoneMachine, type SoftphoneEvent } from "./softphone-machine"
import {
  CONNECTED,
  CONSULT_EVENTS,
  EXTENSIONS,
  PREFIX,
  callStoryPath,
  harnessMachine,
  nameOf,
  replay,
  withAnnouncer,
  type ModelEvent,
} from "./softphone-model.testing"
import { selectConsult, selectTransferProblem } from "./softphone-selectors"

const TIMEOUT = CONSULT_EVENTS.find((event) => event.type.startsWith("xstate.after.transferTimeout")) as ModelEvent
const to = (target: string): ModelEvent => ({ type: "TRANSFER", target })
const LISTED: ModelEvent = { type: "xstate.done.actor.extensions", output: EXTENSIONS }
const WARM: ModelEvent = { type: "WARM_OPEN" }
const ANSWERED: ModelEvent = { type: "PHONE.CONSULT_CONNECTED" }
const COMPLETE: ModelEvent = { type: "CONSULT_COMPLETE" }
const CANCEL: ModelEvent = { type: "CONSULT_CANCEL" }
const ended = (status: number | null): ModelEvent => ({ type: "PHONE.CONSULT_ENDED", status })
const MUTE: ModelEvent = { type: "MUTE" }
const tone = (digit: string): ModelEvent => ({ type: "DTMF", digit })
/** A connected call the agent held. */
const HELD: ModelEvent[] = [...CONNECTED, { type: "HOLD" }, { type: "PHONE.HELD", held: true }]

const stories = [
  // The colleague (picked from the list) answers, the agent completes; the consult's end on the way changes nothing.
  [...HELD, WARM, LISTED, to("1007"), ANSWERED, { type: "HOLD" }, COMPLETE, ended(null), { type: "PHONE.TRANSFERRED" }],
  // Warm transfer is offered only on a held call; an empty name alerts; cancelled once answered: the customer resumes.
  [
    ...CONNECTED,
    WARM,
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    WARM,
    to(" "),
    to("1007"),
    ANSWERED,
    CANCEL,
    { type: "PHONE.HELD", held: false },
  ],
  // The colleague is busy: the customer stays held and the agent reads why.
  [...HELD, WARM, to("1007"), ended(486)],
  // The consult ends while ringing (no status) or is cancelled then; the second try's colleague hangs up after answering.
  [...HELD, WARM, to("1007"), ended(null), WARM, to("1007"), CANCEL, WARM, to("1004"), ANSWERED, ended(null)],
  // Completing fails at the customer's side, then times out; the agent cancels.
  [
    ...HELD,
    WARM,
    to("1007"),
    ANSWERED,
    COMPLETE,
    { type: "PHONE.TRANSFER_FAILED", stage: "target", status: 480 },
    COMPLETE,
    TIMEOUT,
    CANCEL,
  ],
  // The customer hangs up during the consult; another call ends by the agent's End while consulting.
  [...HELD, WARM, to("1007"), { type: "PHONE.ENDED" }],
  [...HELD, WARM, to("1007"), ANSWERED, { type: "HANGUP" }],
  // The agent muted the customer, then consults a desk phone: a key while it rings goes nowhere, Mute silences the
  // consult only, keys reach the colleague once answered; Cancel resumes the customer still muted, no tone sent to them.
  [
    ...CONNECTED,
    MUTE,
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    WARM,
    to("1009"),
    tone("7"),
    MUTE,
    ANSWERED,
    tone("7"),
    tone("x"),
    MUTE,
    MUTE,
    CANCEL,
    { type: "PHONE.HELD", held: false },
  ],
  // The consult muted, the colleague hangs up: the held customer's call is as it was; Mute and tones are its own again.
  [...HELD, WARM, to("1009"), ANSWERED, MUTE, tone("7"), ended(null), MUTE, tone("7")],
  // Completed while the consult is muted, a key sent on the way: the agent's line is free and forgets both.
  [...HELD, WARM, to("1009"), ANSWERED, MUTE, COMPLETE, tone("7"), { type: "PHONE.TRANSFERRED" }],
  // This phone is the customer's: the colleague's phone takes the call over and it goes on with them.
  [
    ...PREFIX,
    { type: "PHONE.INCOMING", from: "1005" },
    { type: "ANSWER" },
    { type: "PHONE.ESTABLISHED" },
    { type: "PHONE.HELD", held: true },
    { type: "PHONE.REPLACED", remote: "1007" },
  ],
].map((list) => callStoryPath(list as ModelEvent[]))

describe("softphone warm transfer (model-based)", () => {
  it("reaches every consulting state", () => {
    const ids = new Set(stories.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))))
    const nodes = (node: AnyStateNode): string[] => [node.id, ...Object.values(node.states).flatMap(nodes)]
    const consulting = nodes(softphoneMachine.root).filter((id) => id.includes(".consulting"))
    expect(consulting.length).toBe(4)
    expect(consulting.filter((id) => !ids.has(id))).toEqual([])
  })

  it("walks every warm-transfer event", () => {
    const used = new Set(stories.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))))
    for (const event of CONSULT_EVENTS) expect(used, event.type).toContain(JSON.stringify(event))
  })

  it("ends each story where the agent would see it", () => {
    const ends = stories.map((path) => path.state)
    const talking = { running: { call: { active: { connected: "talking" } } } } as const
    expect(ends[0].matches({ running: { call: "idle" } })).toBe(true)
    expect([ends[0].context.notice, ends[0].context.party]).toEqual(["transferred", "1007"])
    expect(ends[1].matches(talking)).toBe(true)
    expect([ends[1].context.held, ends[1].context.remote, selectConsult(ends[1])]).toEqual([false, "1004", null])
    expect(ends[2].matches(talking)).toBe(true)
    expect([ends[2].context.held, selectTransferProblem(ends[2])?.map((line) => line.key)]).toEqual([
      true,
      ["pbx.transferFailed", "pbx.noticeBusy"],
    ])
    expect([ends[3].context.held, ends[3].context.transferProblem, ends[3].context.transferTarget]).toEqual([true, null, "1004"])
    expect([ends[4].context.held, ends[4].context.transferProblem]).toEqual([true, "timeout"])
    expect(ends[5].matches({ running: { call: "idle" } }) && ends[6].matches({ running: { call: "idle" } })).toBe(true)
    // The customer comes back with the mute state it had before each consult; the consult's is forgotten.
    const mute = (end: (typeof ends)[number]) => [end.context.muted, end.context.consultMuted, end.context.tones, end.context.consultTones]
    expect([ends[7].matches(talking), ends[7].context.held, ...mute(ends[7])]).toEqual([true, false, true, false, "", ""])
    expect([ends[8].matches(talking), ends[8].context.held, ...mute(ends[8])]).toEqual([true, true, true, false, "7", ""])
    expect([ends[9].matches({ running: { call: "idle" } }), ...mute(ends[9])]).toEqual([true, false, false, "", ""])
    expect([ends[10].context.remote, ends[10].context.held, ends[10].matches(talking)]).toEqual(["1007", false, true])
  })

  it("shows the consult as its own line, the colleague named from the list", () => {
    const path = callStoryPath([...HELD, WARM, LISTED, to("1007"), ANSWERED, COMPLETE] as ModelEvent[])
    const lines = path.steps.map((step) => selectConsult(step.state)).filter((line) => line !== null)
    expect(lines.map((line) => line.step)).toEqual(["ringing", "speaking", "completing"])
    expect(lines[0]).toMatchObject({ target: "1007", name: "Admin (1007)" })
    const unlisted = callStoryPath([...HELD, WARM, to("2103")] as ModelEvent[]).state
    expect(selectConsult(unlisted)).toEqual({ step: "ringing", target: "2103", name: "2103", muted: false, tones: "", keypad: false })
  })

  it("shows the consult's mute and the tones sent to the colleague on its line, the keypad reaching them once answered", async () => {
    const phone = createActor(harnessMachine()).start()
    const flush = () => new Promise((r) => setTimeout(r, 0))
    const lines: unknown[] = []
    for (const event of [...HELD.slice(1), WARM, to("1009"), MUTE, ANSWERED, tone("1"), tone("#"), MUTE] as SoftphoneEvent[]) {
      await flush()
      phone.send(event)
      const line = selectConsult(phone.getSnapshot())
      if (line) lines.push([line.step, line.name, line.muted, line.tones, line.keypad])
    }
    expect(lines).toEqual([
      ["ringing", "Desk phone (1009)", false, "", false],
      ["ringing", "Desk phone (1009)", true, "", false],
      ["speaking", "Desk phone (1009)", true, "", true],
      ["speaking", "Desk phone (1009)", true, "1", true],
      ["speaking", "Desk phone (1009)", true, "1#", true],
      ["speaking", "Desk phone (1009)", false, "1#", true],
    ])
    expect(phone.getSnapshot().context.tones).toBe("")
    phone.stop()
  })

  it("says which call Mute acted on in the live region", async () => {
    const { heard, send, stop } = await withAnnouncer()
    await send([...HELD.slice(1), WARM, to("1009"), ANSWERED, MUTE, MUTE, CANCEL] as SoftphoneEvent[])
    const keys = heard.map((words) => ("key" in words ? words.key : words.text))
    expect(keys.slice(keys.indexOf("pbx.said.consultConnected"))).toEqual([
      "pbx.said.consultConnected",
      "pbx.said.consultMuted",
      "pbx.said.consultUnmuted",
      "pbx.said.consultCancelled",
    ])
    expect(heard).toContainEqual({ key: "pbx.said.consultMuted", values: { remote: "1004", target: "1009" } })
    stop()
  })

  it.each(stories.map((p) => [nameOf(p), p] as const))("story: %s", async (_name, path) => {
    await replay(path)
  })
})
