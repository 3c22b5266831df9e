/** A pick list of the chat (canned replies, templates, agents, labels), model-based (common/model-check.testing.ts). */
import { checkModel } from "../common/model-check.testing"
import { lookupMachine } from "./lookup-machine"

const loaded = { type: "xstate.done.actor.load", output: [{ id: 1, name: "VIP", color: "#c00" }] }
const missing = {
  type: "xstate.error.actor.load",
  error: { status: 501, code: "NOT_IMPLEMENTED", message: "tagging.labels is not implemented yet" },
}

checkModel({
  name: "chat lookup",
  machine: lookupMachine,
  input: { kind: "labels" },
  sources: ["load"],
  states: ["closed", "loading", "ready", "failed"],
  events: [{ type: "NEED" }, { type: "RELOAD" }, { type: "RETRY" }, { type: "CLOSE" }, loaded, missing],
  stories: [
    [{ type: "RELOAD" }, loaded, { type: "NEED" }, { type: "RELOAD" }, missing, { type: "NEED" }, loaded, { type: "CLOSE" }],
    [{ type: "NEED" }, missing, { type: "RELOAD" }, missing, { type: "RETRY" }, missing, { type: "CLOSE" }],
  ],
  key: (s) => [s.value, s.context.items.length, s.context.failure !== null],
  view: (s) => ({ value: s.value, tags: [...s.tags], context: s.context }),
})
