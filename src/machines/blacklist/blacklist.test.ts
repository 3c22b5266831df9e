/** The revoked-token screen's machines, model-based (common/model-check.testing.ts), and the revocation's rules. */
import { describe, expect, it } from "vitest"
import type { BlacklistedToken } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { cacheClearMachine } from "./cache-clear"
import { revokeEditorMachine, revokeProblemOf } from "./revoke-editor"

const row: BlacklistedToken = { id: 7, token_hint: "ak_1…9f2c", reason: "Leaked", created_at: "2026-01-01T10:00:00Z", expires_at: null }
const foreign = Object.assign(new Error("This token belongs to another account"), { status: 400, code: "BAD_REQUEST", field: "token" })

checkModel(
  recordEditorModel({
    name: "revoke editor",
    machine: revokeEditorMachine,
    row,
    changes: [{ token: "ak_0123456789abcdef0123" }, { token: "short" }],
    saveRefusal: foreign,
  }),
)

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
