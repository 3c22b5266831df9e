/** The revoked-token screen's machines, model-based (common/model-check.testing.ts), and the revocation's rules. */
import { describe, expect, it } from "vitest"
import type { BlacklistedToken } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { cacheClearMachine } from "./cache-clear"
import { revokeEditorMachine, revokeProblemOf } from "./revoke-editor"

const row: BlacklistedToken = { id: 7, token_hint: "ak_1…9f2c", reason: "Leaked", created_at: "2026-01-01T10:00:00Z", expires_at: null }
const foreign = Object.assign(new Error("This token belongs to another account"), { status: 400, code: "BAD_REQUEST", field: "token" })

checkModel({
  name: "revoke editor",
  machine: revokeEditorMachine,
  sources: ["save", "remove"],
  states: ["record.closed", "record.editing", "record.saving", "record.confirming", "record.deleting"],
  events: [
    { type: "NEW" },
    { type: "CHANGE", patch: { token: "ak_0123456789abcdef0123" } },
    { type: "CHANGE", patch: { token: "short" } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "DELETE", row },
    { type: "CONFIRM" },
    { type: "xstate.done.actor.save", output: { data: row } },
    { type: "xstate.error.actor.save", error: foreign },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: new Error("404") },
  ],
  stories: [
    [
      { type: "NEW" },
      { type: "CHANGE", patch: { token: "ak_0123456789abcdef0123" } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { data: row } },
    ],
    [
      { type: "DELETE", row },
      { type: "CONFIRM" },
      { type: "xstate.error.actor.remove", error: new Error("404") },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    ],
  ],
  key: (s) => [s.value, s.context.row?.id ?? null, s.context.draft, s.context.problem, s.context.failure?.field ?? null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    row: s.context.row,
    draft: s.context.draft,
    problem: s.context.problem,
    saved: s.context.saved,
  }),
})

checkModel({
  name: "clear cache",
  machine: cacheClearMachine,
  sources: ["clear"],
  states: ["idle", "clearing"],
  events: [
    { type: "CLEAR" },
    { type: "xstate.done.actor.clear", output: { data: { cleared: 1, caches: ["ip_whitelist"] } } },
    { type: "xstate.error.actor.clear", error: new Error("403") },
  ],
  key: (s) => [s.value, s.context.result?.cleared ?? null, s.context.failure !== null],
  view: (s) => ({ value: s.value, result: s.context.result, failed: s.context.failure !== null }),
})

describe("revocation rules", () => {
  it("needs a token of at least 16 characters and never edits a revocation", () => {
    expect(revokeProblemOf({ token: " ", reason: "" }, null)).toBe("tokenRequired")
    expect(revokeProblemOf({ token: "short", reason: "" }, null)).toBe("tokenTooShort")
    expect(revokeProblemOf({ token: "ak_0123456789abcdef", reason: "x".repeat(201) }, null)).toBe("reasonTooLong")
    expect(revokeProblemOf({ token: "ak_0123456789abcdef", reason: "" }, null)).toBeNull()
    expect(revokeProblemOf({ token: "ak_0123456789abcdef", reason: "" }, row)).toBe("notEditable")
  })
})
