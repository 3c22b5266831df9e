/** The business detail machine, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { ClientInfo } from "../../contract/schemas/tenants"
import { checkModel } from "../common/model-check.testing"
import { actionsOf, type BusinessDetail, businessDetailMachine, reasonProblem } from "./business-detail"

const info = (patch: Partial<ClientInfo>): ClientInfo => ({
  id: 7,
  name: "Bakery",
  email: "owner@bakery.example",
  phone: null,
  country_id: null,
  address: null,
  website: null,
  logo_url: null,
  subject: null,
  onboarding_status: "approved",
  active: true,
  created_at: "2026-11-24T00:00:00.000Z",
  admin_username: "owner",
  agents: 1,
  channels: [],
  ...patch,
})
const detailOf = (patch: Partial<ClientInfo>): BusinessDetail => ({
  info: info(patch),
  stats: { client_id: 7, name: "Bakery", agents: 1, contacts: 0, conversations: 0, messages_this_month: 0, templates_this_month: 0 },
  agents: [],
  documents: [],
})
const loadedActive = { type: "xstate.done.actor.load", output: detailOf({}) }
const loadedInReview = { type: "xstate.done.actor.load", output: detailOf({ onboarding_status: "in_review", active: false }) }

checkModel({
  name: "business detail",
  machine: businessDetailMachine,
  sources: ["load", "act"],
  states: ["closed", "loading", "ready", "failed", "confirming", "acting"],
  events: [
    { type: "OPEN", clientId: 7 },
    loadedActive,
    loadedInReview,
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "ASK", action: "disable" },
    { type: "ASK", action: "rejected" },
    { type: "ASK", action: "delete" },
    { type: "REASON", text: "Expired licence" },
    { type: "CONFIRM" },
    { type: "CANCEL" },
    { type: "xstate.done.actor.act", output: undefined },
    { type: "xstate.error.actor.act", error: new Error("409") },
    { type: "CLOSE" },
  ],
  stories: [
    [{ type: "OPEN", clientId: 7 }, loadedActive, { type: "ASK", action: "disable" }, { type: "CANCEL" }],
    [{ type: "OPEN", clientId: 7 }, loadedActive, { type: "CLOSE" }],
    // A reason too short is refused before any call; a deletion closes the detail once done.
    [
      { type: "OPEN", clientId: 7 },
      loadedInReview,
      { type: "ASK", action: "rejected" },
      { type: "REASON", text: "no" },
      { type: "CONFIRM" },
    ],
    [
      { type: "OPEN", clientId: 7 },
      loadedActive,
      { type: "ASK", action: "delete" },
      { type: "CONFIRM" },
      { type: "xstate.done.actor.act", output: undefined },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.detail?.info.onboarding_status ?? null,
    s.context.action,
    s.context.reason !== "",
    s.context.problem,
    s.context.failure !== null,
    // Whether any action finished, not how many: the walk stays finite.
    s.context.done > 0,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    clientId: s.context.clientId,
    action: s.context.action,
    problem: s.context.problem,
    failure: s.context.failure,
    done: s.context.done,
  }),
})

describe("business detail rules", () => {
  it("offers only the moves the server allows from where the business stands", () => {
    expect(actionsOf(info({ onboarding_status: "submitted", active: false }))).toEqual(["in_review", "delete"])
    expect(actionsOf(info({ onboarding_status: "in_review", active: false }))).toEqual(["approved", "rejected", "delete"])
    expect(actionsOf(info({ onboarding_status: "rejected", active: false }))).toEqual(["delete"])
    expect(actionsOf(info({ active: true }))).toEqual(["disable", "delete"])
    expect(actionsOf(info({ active: false }))).toEqual(["enable", "delete"])
  })

  it("needs a reason of a few letters to reject, and none otherwise", () => {
    expect(reasonProblem("rejected", "  ")).toBe("reasonRequired")
    expect(reasonProblem("rejected", "no")).toBe("reasonRequired")
    expect(reasonProblem("rejected", "Expired licence")).toBeNull()
    expect(reasonProblem("disable", "")).toBeNull()
  })
})
