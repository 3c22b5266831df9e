/**
 * Model-based test of the softphone's blind transfer (SIP REFER), in the model of softphone-model.testing.ts: each
 * story is walked by xstate/graph over its own events and replayed on a running actor, checked after every step
 * (state, remote party, hold, the notice, the transfer problem, the commands sent to the phone, alerts).
 */
import { describe, expect, it } from "vitest"
import type { AnyStateNode } from "xstate"
import { softphoneMachine, transferChoicesOf, transferPickOf, transferProblemOf } from "./softphone-machine"
import {
  CONNECTED,
  EXTENSIONS,
  PREFIX,
  TRANSFER_EVENTS,
  TRANSFER_EVENT_TYPES,
  callStoryPath,
  nameOf,
  replay,
  type ModelEvent,
} from "./softphone-model.testing"

const TIMEOUT = TRANSFER_EVENTS.find((event) => event.type.startsWith("xstate.after.transferTimeout")) as ModelEvent
const to = (target: string): ModelEvent => ({ type: "TRANSFER", target })
const LISTED: ModelEvent = { type: "xstate.done.actor.extensions", output: EXTENSIONS }
const filter = (text: string): ModelEvent => ({ type: "TRANSFER_FILTER", text })
const move = (by: 1 | -1): ModelEvent => ({ type: "TRANSFER_MOVE", by })

const stories = [
  // An empty target alerts; the dialog closes and opens again; the REFER is sent and the far end moved.
  [
    ...CONNECTED,
    { type: "TRANSFER_OPEN" },
    to(" "),
    { type: "TRANSFER_CANCEL" },
    { type: "TRANSFER_OPEN" },
    to(" 1007 "),
    { type: "PHONE.TRANSFERRED" },
  ],
  // The target is not registered: the call stays; opening the dialog again clears the problem.
  [
    ...CONNECTED,
    { type: "TRANSFER_OPEN" },
    to("1007"),
    { type: "PHONE.TRANSFER_FAILED", stage: "target", status: 404 },
    { type: "TRANSFER_OPEN" },
    { type: "TRANSFER_CANCEL" },
  ],
  // A call the agent held stays held when the other side refuses the REFER.
  [
    ...CONNECTED,
    { type: "HOLD" },
    { type: "PHONE.HELD", held: true },
    { type: "TRANSFER_OPEN" },
    to("1007"),
    { type: "PHONE.TRANSFER_FAILED", stage: "refer", status: 405 },
    { type: "HANGUP" },
  ],
  // No outcome within the time: given up, the call goes on; the other side's hold is still followed meanwhile.
  [...CONNECTED, { type: "TRANSFER_OPEN" }, to("1007"), { type: "PHONE.HELD", held: true }, TIMEOUT],
  // While the far end is being moved, hold is not offered; hanging up still ends the call.
  [...CONNECTED, { type: "TRANSFER_OPEN" }, to("1007"), { type: "HOLD" }, { type: "HANGUP" }],
  // The other side ends the call while the dialog is open.
  [...CONNECTED, { type: "TRANSFER_OPEN" }, { type: "PHONE.ENDED" }],
  // This phone is the one moved: it calls the target; that fails and it is back with the caller; then it succeeds.
  [
    ...PREFIX,
    { type: "PHONE.INCOMING", from: "1005" },
    { type: "ANSWER" },
    { type: "PHONE.ESTABLISHED" },
    { type: "PHONE.REFERRED", to: "1008" },
    { type: "PHONE.REFERRAL_FAILED", remote: "1005" },
    { type: "PHONE.REFERRED", to: "1008" },
    { type: "PHONE.ESTABLISHED" },
    { type: "PHONE.ENDED" },
  ],
  // The list arrives; typing "d" highlights the first match (Deniz is the caller, 1004: left out), the arrows wrap
  // around, and Enter transfers to the highlighted extension.
  [...CONNECTED, { type: "TRANSFER_OPEN" }, LISTED, filter("d"), move(1), move(1), move(-1), to("1009"), { type: "PHONE.TRANSFERRED" }],
  // A number not in the list (a desk phone): nothing highlighted, the typed text is the target; typed before the list came.
  [...CONNECTED, { type: "TRANSFER_OPEN" }, filter("2103"), LISTED, move(1), filter("2103"), to("2103")],
  // The list cannot be loaded: typing still works, the arrows have nothing to move; reopening asks again.
  [
    ...CONNECTED,
    { type: "TRANSFER_OPEN" },
    { type: "xstate.error.actor.extensions", error: new Error("offline") },
    move(-1),
    filter("1007"),
    { type: "TRANSFER_CANCEL" },
    { type: "TRANSFER_OPEN" },
    LISTED,
    move(-1),
  ],
].map((list) => callStoryPath(list as ModelEvent[]))

describe("softphone blind transfer (model-based)", () => {
  it("reaches every state of a connected call (talking, choosing, transferring)", () => {
    const ids = new Set(stories.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))))
    const nodes = (node: AnyStateNode): string[] => [node.id, ...Object.values(node.states).flatMap(nodes)]
    // The warm transfer's consulting states are walked by softphone-consult.test.ts.
    const connected = nodes(softphoneMachine.root).filter((id) => id.includes(".connected.") && !id.includes(".consulting"))
    expect(connected.length).toBe(3)
    expect(connected.filter((id) => !ids.has(id))).toEqual([])
  })

  it("walks every transfer event", () => {
    const used = new Set(stories.flatMap((path) => path.steps.map((step) => step.event.type)))
    for (const type of TRANSFER_EVENT_TYPES) expect(used, type).toContain(type)
  })

  it("ends each story where the agent would see it", () => {
    const ends = stories.map((path) => path.state)
    expect(ends[0].matches({ running: { call: "idle" } })).toBe(true)
    expect([ends[0].context.notice, ends[0].context.party]).toEqual(["transferred", "1007"])
    expect(ends[1].matches({ running: { call: { active: { connected: "talking" } } } })).toBe(true)
    expect([ends[1].context.held, ends[1].context.remote, ends[1].context.transferProblem]).toEqual([false, "1004", null])
    expect([ends[3].context.transferProblem, ends[3].context.held]).toEqual(["timeout", true])
    expect(ends[6].matches({ running: { call: "idle" } })).toBe(true)
    expect([ends[7].context.notice, ends[7].context.party]).toEqual(["transferred", "1009"])
    expect(ends[8].context.transferTarget).toBe("2103")
    // Reopened after a failed load: a fresh list, the last one highlighted by the up arrow.
    expect([ends[9].context.extensionsFailed, ends[9].context.transferQuery, transferPickOf(ends[9].context)]).toEqual([false, "", "1009"])
  })

  it.each(stories.map((p) => [nameOf(p), p] as const))("story: %s", async (_name, path) => {
    await replay(path)
  })

  it("offers the extensions whose number or name contains what was typed, without the other party", () => {
    const context = { ...softphoneMachine.getInitialSnapshot(undefined as never).context, extensions: EXTENSIONS, remote: "1004" }
    const names = (query: string) => transferChoicesOf({ ...context, transferQuery: query }).map((choice) => choice.name)
    expect(names("")).toEqual(["Admin", "Desk phone"])
    expect(names(" DESK ")).toEqual(["Desk phone"])
    expect(names("100")).toEqual(["Admin", "Desk phone"])
    expect(names("deniz")).toEqual([])
    expect(transferPickOf({ ...context, transferQuery: "desk", transferActive: 0 })).toBe("1009")
    expect(transferPickOf({ ...context, transferQuery: "2103", transferActive: null })).toBe("2103")
  })

  it("reads a failed transfer's report as the problem the agent is told", () => {
    expect(
      [
        ["refer", 405],
        ["refer", 408],
        ["target", 404],
        ["target", 486],
        ["target", 480],
        ["target", 500],
      ].map(([stage, status]) => transferProblemOf(stage as "refer" | "target", status as number)),
    ).toEqual(["refused", "timeout", "notFound", "busy", "unavailable", "failed"])
  })
})
