/**
 * The campaign screen's actors, model-based: the desk keeps the socket's progress, sends only the changes the shared
 * rule allows (a refused one never leaves the console), keeps a failure, loads an outbox and a CSV; the new-campaign
 * dialog loads its choices, names what is missing before any call, and closes once created. Then the form's rules.
 */
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { Template } from "../../contract/schemas/templates"
import type { Campaign } from "../../contract/schemas/campaigns"
import { checkModel } from "../common/model-check.testing"
import { campaignCreateMachine, problemOf, requestOf } from "./campaign-create"
import { campaignDeskMachine } from "./campaign-desk"

const campaign = (status: Campaign["status"], failed = 0): Campaign => ({
  id: 7,
  client_id: 1,
  name: "Autumn",
  template_name: "promo",
  language: "en",
  status,
  recipient_list_id: null,
  scheduled_at: null,
  total: 10,
  sent: 5,
  delivered: 4,
  read: 1,
  failed,
  created_at: "2026-11-23T10:00:00.000Z",
})
const refused = { status: 409, code: "CAMPAIGN_STATUS", message: "Campaign Autumn is completed" }

checkModel({
  name: "campaign desk",
  machine: campaignDeskMachine,
  sources: ["socket", "change", "retry", "outbox", "download"],
  states: ["idle", "changing", "retrying", "loadingOutbox", "downloading"],
  events: [
    { type: "rt.campaign:progress", ...campaign("running") },
    { type: "rt.status", status: "connected" },
    { type: "CHANGE", campaign: campaign("running"), to: "paused" },
    { type: "CHANGE", campaign: campaign("completed"), to: "running" },
    { type: "xstate.done.actor.change", output: campaign("paused") },
    { type: "xstate.error.actor.change", error: refused },
    { type: "RETRY", campaign: campaign("completed", 2) },
    { type: "RETRY", campaign: campaign("completed", 0) },
    { type: "xstate.done.actor.retry", output: campaign("running") },
    { type: "OPEN", id: 7 },
    { type: "xstate.done.actor.outbox", output: { items: [], total: 0 } },
    { type: "CLOSE" },
    { type: "DOWNLOAD", campaign: { id: 7, name: "Autumn" } },
    { type: "xstate.done.actor.download", output: { name: "Autumn-7.csv", content: new Blob(["number\n"]) } },
    { type: "FILE.DONE" },
  ],
  stories: [
    [
      { type: "rt.status", status: "connected" },
      { type: "CHANGE", campaign: campaign("completed"), to: "running" },
      { type: "RETRY", campaign: campaign("completed", 0) },
      { type: "OPEN", id: 7 },
      { type: "xstate.done.actor.outbox", output: { items: [], total: 0 } },
      { type: "CLOSE" },
      { type: "DOWNLOAD", campaign: { id: 7, name: "Autumn" } },
      { type: "xstate.done.actor.download", output: { name: "Autumn-7.csv", content: new Blob(["number\n"]) } },
      { type: "FILE.DONE" },
      { type: "RETRY", campaign: campaign("completed", 2) },
      { type: "xstate.done.actor.retry", output: campaign("running") },
    ],
  ],
  key: (s) => [
    s.value,
    Object.values(s.context.live).map((c) => (c as Campaign).status),
    s.context.openId,
    s.context.file !== null,
    s.context.failure !== null,
  ],
  view: (s) => ({ value: s.value, live: s.context.live, openId: s.context.openId, file: s.context.file, failure: s.context.failure }),
})

const template: Template = {
  id: 3,
  name: "promo",
  language: "en",
  category: "MARKETING",
  status: "APPROVED",
  header_type: null,
  header: null,
  body: "Hello {{1}}",
  footer: null,
  buttons: [],
  params_count: 1,
  rejected_reason: null,
  created_at: "2026-11-23T10:00:00.000Z",
}
const lists = [{ id: 4, client_id: 1, name: "VIP", numbers_count: 200, created_at: "2026-11-23T10:00:00.000Z" }]

checkModel({
  name: "new campaign",
  machine: campaignCreateMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "editing", "saving"],
  events: [
    { type: "OPEN" },
    { type: "xstate.done.actor.load", output: { templates: [template], lists } },
    { type: "xstate.error.actor.load", error: new Error("offline") },
    { type: "EDIT", patch: { name: "Autumn", template: "promo|en", listId: "4" } },
    { type: "PARAM", index: 0, choice: { mode: "attribute", value: "first_name" } },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.save", output: {} },
    { type: "xstate.error.actor.save", error: { status: 403, code: "LIMIT_REACHED", message: "Account limit reached" } },
    { type: "CLOSE" },
  ],
  stories: [
    [
      { type: "OPEN" },
      { type: "EDIT", patch: { name: "Autumn", template: "promo|en", listId: "4" } },
      { type: "PARAM", index: 0, choice: { mode: "attribute", value: "first_name" } },
      { type: "xstate.done.actor.load", output: { templates: [template], lists } },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.save", output: {} },
    ],
    [
      { type: "OPEN" },
      { type: "xstate.done.actor.load", output: { templates: [template], lists } },
      { type: "EDIT", patch: { name: "Autumn", template: "promo|en", listId: "4" } },
      { type: "PARAM", index: 0, choice: { mode: "attribute", value: "first_name" } },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.save", output: {} },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.templates.length,
    s.context.form.name !== "",
    s.context.form.params.length,
    s.context.problem,
    s.context.failure !== null,
  ],
  view: (s) => ({ value: s.value, form: s.context.form, problem: s.context.problem, failure: s.context.failure }),
})

describe("the new-campaign dialog while its choices load", () => {
  it("keeps what is typed before the templates and lists arrive", () => {
    let [state] = initialTransition(campaignCreateMachine)
    for (const event of [
      { type: "OPEN" },
      { type: "EDIT", patch: { name: "Autumn" } },
      { type: "PARAM", index: 0, choice: { mode: "text", value: "friend" } },
      { type: "xstate.done.actor.load", output: { templates: [template], lists } },
    ] as const)
      state = transition(campaignCreateMachine, state, event as never)[0]
    expect(state.value).toBe("editing")
    expect(state.context.form.name).toBe("Autumn")
    expect(state.context.form.params).toEqual([{ mode: "text", value: "friend" }])
    expect(state.context.templates).toEqual([template])
  })
  it("says what is missing when Create is pressed before the templates arrive", () => {
    let [state] = initialTransition(campaignCreateMachine)
    for (const event of [{ type: "OPEN" }, { type: "EDIT", patch: { name: "Autumn" } }, { type: "SUBMIT" }] as const)
      state = transition(campaignCreateMachine, state, event as never)[0]
    expect(state.value).toBe("loading")
    expect(state.context.problem).toBe("template")
  })
})

describe("the new-campaign form", () => {
  const form = {
    name: "Autumn",
    template: "promo|en",
    source: "numbers" as const,
    listId: "",
    numbers: "+905321110001\n905321110002",
    params: [{ mode: "text" as const, value: "friend" }],
    rate: "",
    scheduledAt: "2026-12-01T09:30",
  }
  it("names the first thing missing", () => {
    expect(problemOf({ templates: [template], form: { ...form, name: " " } })).toBe("name")
    expect(problemOf({ templates: [], form })).toBe("template")
    expect(problemOf({ templates: [template], form: { ...form, numbers: "call me" } })).toBe("recipients")
    expect(problemOf({ templates: [template], form: { ...form, params: [] } })).toBe("params")
    expect(problemOf({ templates: [template], form: { ...form, rate: "0" } })).toBe("rate")
    expect(problemOf({ templates: [template], form })).toBeNull()
  })
  it("sends the numbers, the parameter sources, no rate limit when empty, and the start time", () => {
    expect(requestOf({ templates: [template], form })).toEqual({
      name: "Autumn",
      template_name: "promo",
      language: "en",
      numbers: ["+905321110001", "+905321110002"],
      param_sources: [{ text: "friend" }],
      rate_per_second: null,
      scheduled_at: "2026-12-01 09:30",
      start: true,
    })
  })
})
