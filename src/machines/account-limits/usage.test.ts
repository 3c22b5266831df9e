/** The account-usage page actor, model-based (common/model-check.testing.ts), and the rows the screen draws. */
import { describe, expect, it } from "vitest"
import type { AccountLimit } from "../../contract/schemas/security"
import { checkModel } from "../common/model-check.testing"
import { accountUsageMachine, usageRows } from "./usage"

const limit = (key: AccountLimit["key"], value: number, used: number): AccountLimit => ({
  id: 1,
  client_id: 1,
  key,
  limit: value,
  used,
  updated_at: "2026-01-01T00:00:00Z",
})

checkModel({
  name: "account usage",
  machine: accountUsageMachine,
  sources: ["load"],
  states: ["loading", "ready", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: { data: [limit("agents", 25, 3)] } },
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "REFRESH" },
  ],
  key: (s) => [s.value, s.context.limits.length, s.context.failure !== null],
  view: (s) => ({ value: s.value, limits: s.context.limits, failed: s.context.failure !== null }),
})

describe("usage rows", () => {
  it("lists every kind in one order, says which are capped, and marks a reached or zero limit full", () => {
    const rows = usageRows([limit("monthly_messages", 1000, 250), limit("agents", 3, 3), limit("storage_mb", 0, 0)])
    expect(rows.map((r) => r.key)).toEqual(["agents", "channels", "daily_messages", "monthly_messages", "campaign_size", "storage_mb"])
    expect(rows[0]).toEqual({ key: "agents", limit: 3, used: 3, share: 1, reached: true })
    expect(rows[1]).toEqual({ key: "channels", limit: null, used: 0, share: null, reached: false })
    expect(rows[3]).toMatchObject({ share: 0.25, reached: false })
    expect(rows[5]).toMatchObject({ share: 1, reached: true })
  })
})
