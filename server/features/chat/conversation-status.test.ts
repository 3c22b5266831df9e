/** The conversation-status rule as a table: every status against every step, and the checks at the end of a change. */
import { describe, expect, it } from "vitest"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import { ApiError } from "../../http/errors"
import { type Holding, next, OPEN_STATUSES, settled, type Step, TRANSITIONS } from "./conversation-status"

const ME = 1
const COLLEAGUE = 2
const at = (status: ConversationStatus, agentId: number | null): Holding => ({ status, agentId })
const errorOf = (run: () => unknown): { status: number; field?: string } | null => {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, field: error.field }
  }
}

describe("TRANSITIONS", () => {
  it("an open conversation may go to any status, a closed one to none", () => {
    expect(TRANSITIONS).toEqual({
      unassigned: ["unassigned", "active", "ongoing", "closed"],
      active: ["unassigned", "active", "ongoing", "closed"],
      ongoing: ["unassigned", "active", "ongoing", "closed"],
      closed: [],
    })
  })
})

describe("next", () => {
  const cases: [string, Holding, Step, Holding][] = [
    ["a customer's first reply takes an unassigned chat", at("unassigned", null), { type: "reply", by: ME }, at("ongoing", ME)],
    ["a reply keeps the holder", at("active", COLLEAGUE), { type: "reply", by: ME }, at("ongoing", COLLEAGUE)],
    ["an API client's reply leaves nobody holding it", at("unassigned", null), { type: "reply", by: null }, at("ongoing", null)],
    ["taking from the queue", at("unassigned", null), { type: "take", agentId: ME }, at("active", ME)],
    ["taking one's own ongoing chat changes nothing", at("ongoing", ME), { type: "take", agentId: ME }, at("ongoing", ME)],
    [
      "a hand-over makes it active for the new holder",
      at("ongoing", ME),
      { type: "handOver", agentId: COLLEAGUE },
      at("active", COLLEAGUE),
    ],
    ["a hand-over from the queue", at("unassigned", null), { type: "handOver", agentId: COLLEAGUE }, at("active", COLLEAGUE)],
    [
      "a hand-over to the holder keeps ongoing",
      at("ongoing", COLLEAGUE),
      { type: "handOver", agentId: COLLEAGUE },
      at("ongoing", COLLEAGUE),
    ],
    ["a hand-over to oneself while a colleague holds it", at("active", COLLEAGUE), { type: "handOver", agentId: ME }, at("active", ME)],
    ["release returns it to the queue", at("ongoing", ME), { type: "release" }, at("unassigned", null)],
    ["close keeps the holder", at("ongoing", ME), { type: "close" }, at("closed", ME)],
    ["close from the queue", at("unassigned", null), { type: "close" }, at("closed", null)],
    ["set ongoing takes an unheld chat", at("unassigned", null), { type: "set", status: "ongoing", by: ME }, at("ongoing", ME)],
    ["set active keeps the holder", at("ongoing", COLLEAGUE), { type: "set", status: "active", by: ME }, at("active", COLLEAGUE)],
    ["set unassigned releases", at("active", COLLEAGUE), { type: "set", status: "unassigned", by: ME }, at("unassigned", null)],
    ["set closed keeps the holder", at("active", COLLEAGUE), { type: "set", status: "closed", by: ME }, at("closed", COLLEAGUE)],
  ]
  it.each(cases)("%s", (_, from, step, to) => {
    expect(next(from, step)).toEqual(to)
  })

  it("a colleague's chat cannot be taken (409 on agent_id)", () => {
    expect(errorOf(() => next(at("active", COLLEAGUE), { type: "take", agentId: ME }))).toEqual({ status: 409, field: "agent_id" })
  })

  const steps: Step[] = [
    { type: "take", agentId: ME },
    { type: "handOver", agentId: COLLEAGUE },
    { type: "release" },
    { type: "reply", by: ME },
    { type: "close" },
    ...(["unassigned", "active", "ongoing", "closed"] as const).map((status): Step => ({ type: "set", status, by: ME })),
  ]
  it.each(steps)("a closed conversation refuses $type (409 on conversation_id)", (step) => {
    expect(errorOf(() => next(at("closed", ME), step))).toEqual({ status: 409, field: "conversation_id" })
  })

  it("every step from an open status lands where TRANSITIONS allows", () => {
    for (const status of OPEN_STATUSES)
      for (const step of steps.filter((s) => s.type !== "take")) {
        expect(TRANSITIONS[status]).toContain(next(at(status, ME), step).status)
      }
  })
})

describe("settled", () => {
  it("an unassigned conversation has no holder", () => {
    expect(settled(at("unassigned", ME))).toEqual(at("unassigned", null))
  })
  it("a held status without an agent is refused (400 on agent_id)", () => {
    expect(errorOf(() => settled(at("ongoing", null)))).toEqual({ status: 400, field: "agent_id" })
    expect(errorOf(() => settled(at("active", null)))).toEqual({ status: 400, field: "agent_id" })
  })
  it("closed and held conversations pass as they are", () => {
    expect(settled(at("closed", null))).toEqual(at("closed", null))
    expect(settled(at("active", ME))).toEqual(at("active", ME))
  })
})
