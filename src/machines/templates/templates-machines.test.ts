/**
 * The templates' machines, model-based (common/model-check.testing.ts): the template editor (its save stopped by
 * WhatsApp's rules before any call, a refused save keeping the draft, delete), the individual send (cost read on
 * picking, the contact looked up after a pause, SEND only when nothing is missing, a refusal keeping the draft, NEW),
 * and the pending watch. Then the drafts' rules.
 */
import { describe, expect, it } from "vitest"
import type { Template } from "../../contract/schemas/templates"
import { checkModel } from "../common/model-check.testing"
import { pendingWatchMachine, WATCH_MS } from "./pending-watch"
import { blankTemplate, templateProblemOf, templateRequestOf } from "./template-draft"
import { templateEditorMachine } from "./template-editor"
import { previewOf, sendProblemOf } from "./template-send-draft"
import { LOOKUP_MS, templateSendMachine } from "./template-send-machine"

const row: Template = {
  id: 4,
  name: "order_ready",
  language: "en",
  category: "UTILITY",
  status: "APPROVED",
  header_type: "text",
  header: "Order {{1}}",
  header_example: "A-1",
  body: "Hello {{1}}, your order is ready.",
  body_examples: ["Ayşe"],
  footer: null,
  buttons: [],
  params_count: 1,
  rejected_reason: null,
  created_at: "2026-11-01T10:00:00.000Z",
}
const cost = {
  template_name: "order_ready",
  category: "UTILITY",
  recipients: 1,
  unit_cost: 0.02,
  total_cost: 0.02,
  currency: "USD",
  balance_after: 9.98,
}

checkModel({
  name: "template editor",
  machine: templateEditorMachine,
  sources: ["save", "remove", "run"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting", "preview.idle"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Bad Name" } },
    { type: "CHANGE", patch: { name: "welcome_back", body: "Hi {{1}}, welcome back!", bodyExamples: ["Ali"] } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    { type: "xstate.done.actor.save", output: { data: row } },
    {
      type: "xstate.error.actor.save",
      error: { status: 409, code: "TEMPLATE_STATUS", message: "Template order_ready is PENDING", field: "status" },
    },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    // Deleted after a failed try.
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    ],
    // A blank template is stopped before any call (no name) and says why; filled in, it saves.
    [
      { type: "NEW" },
      { type: "SAVE" },
      { type: "CHANGE", patch: { name: "welcome_back", body: "Hi {{1}}, welcome back!", bodyExamples: ["Ali"] } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { data: row } },
    ],
    // An edit the server refuses (in review) keeps the draft and the failure.
    [
      { type: "EDIT", row },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: { status: 409, code: "TEMPLATE_STATUS", message: "PENDING" } },
    ],
  ],
  key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft.name, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

const AFTER_LOOKUP = "xstate.after.LOOKUP.templateSend.editing.contact.waiting"
checkModel({
  name: "template send",
  machine: templateSendMachine,
  sources: ["loadTemplates", "loadCost", "lookupContact", "sendTemplate"],
  after: { type: AFTER_LOOKUP, ms: LOOKUP_MS },
  states: [
    "loading",
    "failed",
    "editing.cost.choosing",
    "editing.cost.costing",
    "editing.cost.priced",
    "editing.cost.failed",
    "editing.contact.looking",
    "sending",
    "sent",
  ],
  events: [
    { type: "xstate.done.actor.loadTemplates", output: [row] },
    { type: "xstate.error.actor.loadTemplates", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:templates" } },
    { type: "RETRY" },
    { type: "PICK", templateId: 4 },
    { type: "xstate.done.actor.loadCost", output: cost },
    { type: "xstate.error.actor.loadCost", error: { status: 404, code: "NOT_FOUND", message: "Template not found" } },
    { type: "NUMBER", value: "+905551112233" },
    { type: AFTER_LOOKUP },
    { type: "xstate.done.actor.lookupContact", output: { name: "Ayşe", attributes: { name: "Ayşe", order: "A-7" } } },
    { type: "FROM_CONTACT", index: 0, key: "name" },
    { type: "HEADER", value: "A-7" },
    { type: "SEND" },
    { type: "xstate.done.actor.sendTemplate", output: { messages: [{ id: "wamid.1", number: "+905551112233", status: "sent" }] } },
    {
      type: "xstate.error.actor.sendTemplate",
      error: { status: 402, code: "INSUFFICIENT_BALANCE", message: "The balance (0.00) does not cover 0.02" },
    },
    { type: "NEW" },
  ],
  key: (s) => [
    s.value,
    s.context.draft.templateId,
    s.context.draft.number !== "",
    s.context.draft.params.join(","),
    s.context.draft.headerValue !== "",
    s.context.cost !== null,
    s.context.contact !== null,
    s.context.failure?.code ?? null,
    s.context.sent !== null,
  ],
  view: (s) => ({
    value: s.value,
    draft: s.context.draft,
    cost: s.context.cost,
    contact: s.context.contact,
    failure: s.context.failure,
    sent: s.context.sent,
  }),
})

checkModel({
  name: "pending templates watch",
  machine: pendingWatchMachine,
  sources: [],
  after: { type: "xstate.after.WATCH.templatesWatch.watching", ms: WATCH_MS },
  states: ["watching"],
  events: [{ type: "xstate.after.WATCH.templatesWatch.watching" }],
  stories: [[{ type: "xstate.after.WATCH.templatesWatch.watching" }, { type: "xstate.after.WATCH.templatesWatch.watching" }]],
  key: (s) => s.value,
  view: (s) => s.value,
})

describe("template drafts", () => {
  it("a blank template names its first problem; a filled one sends WhatsApp's fields", () => {
    expect(templateProblemOf(blankTemplate())).toBe("name_empty")
    const draft = { ...blankTemplate(), name: "hello", body: "Hi {{1}} there", bodyExamples: ["Ali", "extra"], footer: "  Bye " }
    expect(templateProblemOf(draft)).toBeNull()
    expect(templateRequestOf(draft)).toEqual({
      name: "hello",
      language: "en",
      category: "UTILITY",
      body: "Hi {{1}} there",
      body_examples: ["Ali"],
      footer: "Bye",
      buttons: [],
    })
  })
  it("a send needs a template, a number in international form, the header value and every parameter", () => {
    const draft = { templateId: 4, number: "", params: [], headerValue: "" }
    expect(sendProblemOf(draft, null)).toBe("template")
    expect(sendProblemOf(draft, row)).toBe("number")
    expect(sendProblemOf({ ...draft, number: "+90 555 111 22 33" }, row)).toBe("header")
    expect(sendProblemOf({ ...draft, number: "+90 555 111 22 33", headerValue: "A-7" }, row)).toBe("params")
    expect(sendProblemOf({ ...draft, number: "+90 555 111 22 33", headerValue: "A-7", params: ["Ali"] }, row)).toBeNull()
    expect(previewOf(row, [], "")).toEqual({ header: "Order A-1", body: "Hello Ayşe, your order is ready." })
    expect(previewOf(row, ["Ali"], "B-2")).toEqual({ header: "Order B-2", body: "Hello Ali, your order is ready." })
  })
})
