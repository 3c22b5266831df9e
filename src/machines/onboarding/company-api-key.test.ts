/** The company API key machine, model-based (common/model-check.testing.ts). */
import { checkModel } from "../common/model-check.testing"
import { companyApiKeyMachine } from "./company-api-key"

const active = { active: true, hint: "ak_••••3f9a", created_at: null }
const rotated = {
  state: { active: true, hint: "ak_••••77aa", created_at: "2026-11-24T04:00:00.000Z" },
  key: "ak_0123456789abcdef0123456789abcdef77aa",
}
const revoked = { state: { active: false, hint: null, created_at: null }, key: null }

checkModel({
  name: "company API key",
  machine: companyApiKeyMachine,
  sources: ["load", "write"],
  states: ["loading", "ready", "confirming", "working", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: active },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "ASK", action: "rotate" },
    { type: "ASK", action: "revoke" },
    { type: "CANCEL" },
    { type: "CONFIRM" },
    { type: "DISMISS" },
    { type: "xstate.done.actor.write", output: rotated },
    { type: "xstate.done.actor.write", output: revoked },
    { type: "xstate.error.actor.write", error: new Error("403") },
  ],
  stories: [[{ type: "xstate.done.actor.load", output: active }, { type: "ASK", action: "rotate" }, { type: "CANCEL" }]],
  key: (s) => [s.value, s.context.key?.hint ?? null, s.context.asking, s.context.newKey !== null, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    key: s.context.key,
    asking: s.context.asking,
    newKey: s.context.newKey,
    failure: s.context.failure,
  }),
})
