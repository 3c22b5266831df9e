/** The company webhook machine, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { companyWebhookMachine, webhookProblem } from "./company-webhook"

const saved = { url: "https://hooks.example.com/in", verify_token: "s3…en-1", updated_at: "2026-11-24T00:00:00.000Z" }

checkModel({
  name: "company webhook",
  machine: companyWebhookMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: null },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { url: "https://hooks.example.com/in", verify_token: "s3cret-token-1" } },
    { type: "EDIT", patch: { verify_token: "short" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: saved },
    { type: "xstate.error.actor.save", error: new Error("400") },
  ],
  key: (s) => [s.value, s.context.stored !== null, s.context.draft.verify_token.length >= 8, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
  }),
})

describe("company webhook rules", () => {
  it("needs an http(s) URL and a verify token of 8 to 200 characters", () => {
    expect(webhookProblem({ url: "hooks.example.com", verify_token: "s3cret-token" })).toBe("urlInvalid")
    expect(webhookProblem({ url: "https://hooks.example.com/in", verify_token: "short" })).toBe("tokenShort")
    expect(webhookProblem({ url: "https://hooks.example.com/in", verify_token: "s3cret-token" })).toBeNull()
  })
})
