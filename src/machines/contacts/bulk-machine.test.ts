/** Bulk actions on contacts, model-based (common/model-check.testing.ts), and how they split into steps. */
import { describe, expect, it } from "vitest"
import type { Contact } from "../../contract/schemas/contacts"
import { checkModel } from "../common/model-check.testing"
import { bulkMachine } from "./bulk-machine"
import { contactsCsv, stepCount } from "./bulk-steps"

const contact = (n: number): Contact => ({
  id: n,
  number: `+9055500000${String(n).padStart(2, "0")}`,
  name: `Contact ${n}`,
  email: null,
  channel_type: "whatsapp",
  blocked: false,
  attributes: { city: "Izmir" },
  group_ids: [],
  created_at: "2026-11-23T10:00:00.000Z",
  last_seen_at: null,
})

checkModel({
  name: "contacts bulk action",
  machine: bulkMachine,
  sources: ["step"],
  states: ["idle", "choosing", "running.step", "done", "failed"],
  events: [
    { type: "SELECT.TOGGLE", contact: contact(1) },
    { type: "SELECT.PAGE", contacts: [contact(1), contact(2)], on: true },
    { type: "SELECT.PAGE", contacts: [contact(1), contact(2)], on: false },
    { type: "SELECT.ALL_MATCHING", filter: { flag_id: 3 }, total: 1500 },
    { type: "SELECT.CLEAR" },
    { type: "ACTION.OPEN", kind: "flag" },
    { type: "ACTION.OPEN", kind: "export" },
    { type: "ACTION.TARGET", id: 7 },
    { type: "CONFIRM" },
    { type: "CANCEL" },
    { type: "xstate.done.actor.step", output: { matched: 1000, changed: 990, rows: [] } },
    { type: "xstate.error.actor.step", error: { status: 400, code: "BAD_REQUEST", message: "no" } },
    { type: "RESULT.DISMISS" },
    { type: "DOWNLOAD.SAVED" },
  ],
  stories: [
    [
      { type: "SELECT.TOGGLE", contact: contact(1) },
      { type: "SELECT.CLEAR" },
      { type: "SELECT.TOGGLE", contact: contact(1) },
      { type: "ACTION.OPEN", kind: "flag" },
      { type: "CANCEL" },
    ],
  ],
  key: (s) => [
    s.value,
    Object.keys(s.context.selected).length,
    s.context.allMatching !== null,
    s.context.kind,
    s.context.targetId !== null,
    s.context.step,
    s.context.download !== null,
  ],
  view: (s) => ({
    value: s.value,
    selected: Object.keys(s.context.selected),
    allMatching: s.context.allMatching,
    kind: s.context.kind,
    targetId: s.context.targetId,
    step: s.context.step,
    steps: s.context.steps,
    matched: s.context.matched,
    changed: s.context.changed,
    failure: s.context.failure,
    download: s.context.download?.content ?? null,
  }),
})

describe("bulk steps", () => {
  it("sends a selection in batches of 1000 and pages an 'all matching' export", () => {
    expect(stepCount("flag", { kind: "selection", numbers: Array.from({ length: 2500 }, (_, i) => `+90${i}`) })).toBe(3)
    expect(stepCount("flag", { kind: "filter", filter: {}, total: 250_000 })).toBe(1)
    expect(stepCount("export", { kind: "filter", filter: {}, total: 2001 })).toBe(3)
    expect(stepCount("export", { kind: "selection", numbers: ["+901"] })).toBe(1)
  })

  it("exports contacts with their attributes as columns", () => {
    expect(contactsCsv([contact(1)])).toBe(
      `number,name,email,channel,blocked,created_at,city\r\n"'+905550000001",Contact 1,,whatsapp,no,2026-11-23T10:00:00.000Z,Izmir\r\n`,
    )
  })
})
