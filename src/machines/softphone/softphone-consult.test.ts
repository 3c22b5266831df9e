/**
 * Model-based test of the softphone's warm transfer, in the model of softphone-model.testing.ts: the customer held,
 * the agent consults a colleague on a second call, then completes (the colleague takes the customer over) or cancels
 * (the customer is resumed). Each story is walked by xstate/graph over its own events and replayed on a running
 * actor, checked after every step (state, parties, hold, the consult line, the problem, the phone's commands).
 */
import { describe, expect, it } from "vitest"
import type { AnyStateNode } from "xstate"
import { softphoneMachine } from "./softphone-machine"
import { CONNECTED, CONSULT_EVENTS, EXTENSIONS, PREFIX, callStoryPath, nameOf, replay, type ModelEvent } from "./softphone-model.testing"
import { selectConsult, selectTransferProblem } from "./softphone-selectors"

const TIMEOUT = CONSULT_EVENTS.find((event) => event.type.startsWith("xstate.after.transferTimeout")) as ModelEvent
const to = (target: string): ModelEvent => ({ type: "TRANSFER", target })
const LISTED: ModelEvent = { type: "xstate.done.actor.extensions", output: EXTENSIONS }
const WARM: ModelEvent = { type: "WARM_OPEN" }
const ANSWERED: ModelEvent = { type: "PHONE.CONSULT_CONNECTED" }
const COMPLETE: ModelEvent = { type: "CONSULT_COMPLETE" }
const CANCEL: ModelEvent = { type: "CONSULT_CANCEL" }
const ended = (status: number | null): ModelEvent => ({ type: "PHONE.CONSULT_ENDED", status })
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
    expect([ends[7].context.remote, ends[7].context.held, ends[7].matches(talking)]).toEqual(["1007", false, true])
  })

  it("shows the consult as its own line, the colleague named from the list", () => {
    const path = callStoryPath([...HELD, WARM, LISTED, to("1007"), ANSWERED, COMPLETE] as ModelEvent[])
    const lines = path.steps.map((step) => selectConsult(step.state)).filter((line) => line !== null)
    expect(lines.map((line) => line.step)).toEqual(["ringing", "speaking", "completing"])
    expect(lines[0]).toMatchObject({ target: "1007", name: "Admin (1007)" })
    const unlisted = callStoryPath([...HELD, WARM, to("2103")] as ModelEvent[]).state
    expect(selectConsult(unlisted)).toEqual({ step: "ringing", target: "2103", name: "2103" })
  })

  it.each(stories.map((p) => [nameOf(p), p] as const))("story: %s", async (_name, path) => {
    await replay(path)
  })
})
