/** The complaint drawer's machine, model-based (common/model-check.testing.ts), and the editor's rules. */
import { describe, expect, it } from "vitest"
import type { Complaint } from "../../contract/schemas/tickets"
import { checkModel } from "../common/model-check.testing"
import { complaintMachine, metaUpdateOf, updateOf } from "./complaint-machine"

const complaint: Complaint = {
  id: 4,
  name: "Ayşe",
  channel_type: "whatsapp",
  ticket_number: "CMP-1-5001",
  status: "Pending",
  number: "+905551112233",
  dt: "2026-01-01T10:00:00Z",
  last_closed: null,
  customer_message: "Late delivery",
  category: "delivery",
  agent_id: null,
  agent_name: null,
  resolution_note: null,
}
const resolved: Complaint = {
  ...complaint,
  status: "Resolved",
  resolution_note: "Refund issued",
  last_closed: "2026-01-02T10:00:00Z",
}

const open = { type: "OPEN", ticketNumber: "CMP-1-5001" }
const loaded = { type: "xstate.done.actor.load", output: { complaint, agents: [], agentsError: null } }
const editMeta = { type: "META.EDIT", patch: { category: "billing" } }
const metaSaved = { type: "xstate.done.actor.saveMeta", output: { ...complaint, category: "billing" } }

checkModel({
  name: "complaint",
  machine: complaintMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "saving", "savingMeta", "failed"],
  events: [
    open,
    { type: "CLOSE" },
    { type: "RETRY" },
    { type: "EDIT", patch: { status: "Resolved" } },
    { type: "EDIT", patch: { note: "Refund issued" } },
    { type: "SAVE" },
    editMeta,
    { type: "META.EDIT", patch: { message: "" } },
    { type: "META.SAVE" },
    loaded,
    { type: "xstate.error.actor.load", error: new Error("404") },
    { type: "xstate.done.actor.save", output: resolved },
    { type: "xstate.error.actor.save", error: new Error("409") },
    metaSaved,
    { type: "xstate.error.actor.saveMeta", error: new Error("409") },
  ],
  stories: [[open, loaded, editMeta, { type: "META.SAVE" }, metaSaved, { type: "CLOSE" }]],
  key: (s) => [
    s.value,
    s.context.complaint?.status ?? null,
    s.context.draft.status,
    s.context.draft.note !== "",
    s.context.meta.category,
    s.context.meta.message !== "",
    s.context.problem,
    s.context.failure !== null,
  ],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    complaint: s.context.complaint,
    draft: s.context.draft,
    meta: s.context.meta,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("complaint editor rules", () => {
  it("refuses to resolve without a note and sends only what changed", () => {
    expect(updateOf(complaint, { status: "Resolved", agent: "", note: " " })).toEqual({ problem: "noteRequired" })
    expect(updateOf(complaint, { status: "Pending", agent: "", note: "" })).toEqual({ problem: "noChange" })
    expect(updateOf(complaint, { status: "Ongoing", agent: "3", note: "" })).toEqual({
      request: { ticket_number: "CMP-1-5001", status: "Ongoing", agent_id: 3 },
    })
    expect(updateOf(complaint, { status: "Pending", agent: "", note: "x".repeat(801) })).toEqual({
      problem: "noteTooLong",
    })
    expect(metaUpdateOf(complaint, { name: "Ayşe", category: "delivery", message: "Late delivery" })).toEqual({
      problem: "noChange",
    })
    expect(metaUpdateOf(complaint, { name: "Ayşe", category: "billing", message: "Late delivery" })).toEqual({
      request: { ticket_number: "CMP-1-5001", name: "Ayşe", category: "billing", customer_message: "Late delivery" },
    })
  })
})
