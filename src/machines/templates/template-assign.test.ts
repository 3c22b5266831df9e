/** Assigning a template to agents, model-based: opened from a template, agents toggled, saved only with one picked, a refusal kept. */
import type { Template } from "../../contract/schemas/templates"
import { checkModel } from "../common/model-check.testing"
import { templateAssignMachine } from "./template-assign"

const template: Template = {
  id: 4,
  name: "order_ready",
  language: "en",
  category: "UTILITY",
  status: "APPROVED",
  header_type: null,
  header: null,
  body: "Hello {{1}}, your order is ready.",
  footer: null,
  buttons: [],
  params_count: 1,
  rejected_reason: null,
  created_at: "2026-11-01T10:00:00.000Z",
  agent_ids: [],
}

checkModel({
  name: "template assignment",
  machine: templateAssignMachine,
  sources: ["loadAgents", "saveAssignment"],
  states: ["closed", "loading", "choosing", "saving"],
  events: [
    { type: "OPEN", template },
    { type: "xstate.done.actor.loadAgents", output: [{ id: 7, name: "Deniz" }] },
    { type: "xstate.error.actor.loadAgents", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:users" } },
    { type: "TOGGLE", userId: 7 },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "xstate.done.actor.saveAssignment", output: { data: { ok: true } } },
    {
      type: "xstate.error.actor.saveAssignment",
      error: { status: 400, code: "BAD_REQUEST", message: "Every agent must be one of this business's users", field: "user_ids" },
    },
  ],
  // `saved` counts saves without end: the key tells only whether one happened, so the walk stays finite.
  key: (s) => [s.value, s.context.picked.join(","), s.context.agents.length, s.context.failure !== null, s.context.saved > 0],
  view: (s) => ({ value: s.value, picked: s.context.picked, agents: s.context.agents, failure: s.context.failure, saved: s.context.saved }),
})
