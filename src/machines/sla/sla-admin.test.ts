/** The SLA policies screen and the SLA report, model-based. */
import type { SlaCsvHeadings, SlaPolicy } from "../../contract/groups/sla"
import { checkModel } from "../common/model-check.testing"
import { NEW_POLICY, slaPoliciesMachine } from "./sla-policies"
import { slaReportMachine } from "./sla-report"

const policy: SlaPolicy = { id: 3, ...NEW_POLICY, name: "Gold", segment_id: 7, created_at: "2026-11-29T10:00:00Z" }
const listed = { policies: [policy], segments: [{ id: 7, name: "VIP" }] }
const none = { policies: [], segments: [] }
const headings: SlaCsvHeadings = {
  by: "السياسة",
  target: "الهدف",
  metrics: { first_response: "الرد الأول", next_response: "الرد التالي", resolution: "الحل" },
  achieved: "تم تحقيقه",
  breached: "تم تجاوزه",
  open: "مفتوح",
  percent: "نسبة التحقيق %",
  unassigned: "غير مُسند",
}

checkModel({
  name: "sla policies",
  machine: slaPoliciesMachine,
  sources: ["list", "save", "remove"],
  states: ["loading", "failed", "ready", "saving", "deleting"],
  events: [
    { type: "xstate.done.actor.list", output: listed },
    { type: "xstate.done.actor.list", output: none },
    { type: "xstate.error.actor.list", error: new Error("offline") },
    { type: "RETRY" },
    { type: "EDIT", id: 3 },
    { type: "EDIT", id: null },
    { type: "CHANGE", patch: { name: "Silver" } },
    { type: "CANCEL" },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: {} },
    { type: "xstate.error.actor.save", error: new Error("400") },
    { type: "DELETE", id: 3 },
    { type: "xstate.done.actor.remove", output: {} },
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    [{ type: "xstate.error.actor.list", error: new Error("offline") }, { type: "RETRY" }],
    [{ type: "xstate.done.actor.list", output: listed }, { type: "EDIT", id: 3 }, { type: "CANCEL" }],
    [
      { type: "xstate.done.actor.list", output: listed },
      { type: "DELETE", id: 3 },
      { type: "xstate.done.actor.remove", output: {} },
    ],
    [
      { type: "xstate.done.actor.list", output: listed },
      { type: "DELETE", id: 3 },
      { type: "xstate.error.actor.remove", error: new Error("404") },
    ],
    [
      { type: "xstate.done.actor.list", output: none },
      { type: "EDIT", id: null },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: new Error("400") },
    ],
    [
      { type: "xstate.done.actor.list", output: none },
      { type: "EDIT", id: null },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: {} },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.policies.length,
    s.context.segments.length,
    s.context.draft?.id ?? s.context.draft,
    s.context.draft?.name,
    s.context.saveFailure !== null,
  ],
  view: (s) => ({
    value: s.value,
    policies: s.context.policies,
    segments: s.context.segments,
    draft: s.context.draft,
    saveFailure: s.context.saveFailure,
  }),
})

checkModel({
  name: "sla report",
  machine: slaReportMachine,
  sources: ["read", "csv"],
  states: ["loading", "ready", "exporting"],
  events: [
    { type: "xstate.done.actor.read", output: [] },
    { type: "xstate.error.actor.read", error: new Error("offline") },
    { type: "SET", patch: { by: "agent" } },
    { type: "CSV", headings },
    { type: "xstate.done.actor.csv", output: { file_name: "sla-agent.csv", csv: "a,b\n" } },
    { type: "xstate.error.actor.csv", error: new Error("offline") },
    { type: "SAVED" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.read", output: [] },
      { type: "CSV", headings },
      { type: "xstate.error.actor.csv", error: new Error("offline") },
    ],
    [
      { type: "xstate.done.actor.read", output: [] },
      { type: "CSV", headings },
      { type: "xstate.done.actor.csv", output: { file_name: "sla-policy.csv", csv: "a\n" } },
      { type: "SAVED" },
    ],
  ],
  key: (s) => [s.value, s.context.query.by, s.context.file !== null, s.context.failure !== null],
  view: (s) => ({ value: s.value, query: s.context.query, rows: s.context.rows, file: s.context.file, failure: s.context.failure }),
})
