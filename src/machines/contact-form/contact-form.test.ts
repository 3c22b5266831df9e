/**
 * The contact information form's two machines, model-based (common/model-check.testing.ts): the tenant's settings
 * screen (load, edit, save, retry) and the public form (load by token, refused link, fill, check, send). Then the
 * rules: what a draft saves, and what the public form asks to fix first.
 */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { addField, changeField, type FormSettings, formDraftOf, formSaveOf, removeField } from "./form-fields"
import { formSettingsMachine } from "./form-settings-machine"
import { formProblemOf, publicFormMachine } from "./public-form-machine"

const stored: FormSettings = {
  enabled: true,
  fields: [
    { key: "name", type: "text", required: true },
    { key: "city", label: "City", type: "text", required: false },
  ],
  link: "http://console/contact-form?token=1.k.s",
  default_country: "TR",
}
const loaded = { type: "xstate.done.actor.load", output: stored }

checkModel({
  name: "contact form settings",
  machine: formSettingsMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    loaded,
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { country: "DE" } },
    { type: "EDIT", patch: { country: "Turkey" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: { ...stored, default_country: "DE" } },
    { type: "xstate.error.actor.save", error: new Error("400") },
  ],
  stories: [[loaded, { type: "EDIT", patch: { country: "DE" } }, { type: "SAVE" }, { type: "xstate.done.actor.save", output: stored }]],
  key: (s) => [
    s.value,
    s.context.stored?.default_country ?? null,
    s.context.draft.country,
    s.context.problem?.key ?? null,
    s.context.failure !== null,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

const form = { business: "Acme", fields: stored.fields }
checkModel({
  name: "public contact form",
  machine: publicFormMachine,
  input: { token: "1.k.s" },
  sources: ["load", "submit"],
  states: ["loading", "filling", "sending", "sent", "refused", "unreachable"],
  events: [
    { type: "xstate.done.actor.load", output: form },
    { type: "xstate.error.actor.load", error: { status: 410, code: "FORM_LINK_REVOKED", message: "closed" } },
    { type: "xstate.error.actor.load", error: { status: 0, code: "NETWORK", message: "offline" } },
    { type: "RETRY" },
    { type: "CHANGE", number: "+90 532 111 22 33", key: "name", value: "Deniz" },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.submit", output: { ok: true, created: true } },
    { type: "xstate.error.actor.submit", error: { status: 429, code: "TOO_MANY_REQUESTS", message: "later" } },
  ],
  stories: [
    // Sent while the business turned the form off: refused, not a generic failure.
    [
      { type: "xstate.done.actor.load", output: form },
      { type: "CHANGE", number: "+90 532 111 22 33", key: "name", value: "Deniz" },
      { type: "SUBMIT" },
      { type: "xstate.error.actor.submit", error: { status: 410, code: "FORM_LINK_REVOKED", message: "closed" } },
    ],
  ],
  key: (s) => [s.value, s.context.number, s.context.problem?.field ?? null, s.context.failure?.code ?? null],
  view: (s) => ({
    value: s.value,
    form: s.context.form,
    values: s.context.values,
    problem: s.context.problem,
    failure: s.context.failure,
  }),
})

describe("contact form rules", () => {
  it("saves only what changed, and names the question to fix", () => {
    const draft = formDraftOf(stored)
    expect(formSaveOf(stored, draft)).toEqual({ problem: "noChange" })
    expect(formSaveOf(stored, { ...draft, country: "de" })).toEqual({ save: { default_country: "DE" } })
    expect(formSaveOf(stored, { ...draft, country: "" })).toEqual({ save: { default_country: null } })
    expect(formSaveOf(stored, { ...draft, country: "Turkey" })).toEqual({ problem: "countryInvalid" })
    const withEmail = { ...draft, fields: addField(draft, "email") }
    expect(formSaveOf(stored, withEmail)).toEqual({
      save: { contact_form: { enabled: true, fields: [...stored.fields, { key: "email", type: "email", required: false }] } },
    })
    expect(formSaveOf(stored, { ...draft, fields: addField(draft) })).toEqual({ problem: "keyInvalid", index: 2 })
    expect(formSaveOf(stored, { ...draft, fields: changeField(draft, 1, { key: "Name" }) })).toEqual({ problem: "keyTwice", index: 1 })
    expect(formSaveOf(stored, { ...draft, fields: removeField(draft, 0), enabled: false })).toEqual({
      save: { contact_form: { enabled: false, fields: [{ key: "city", label: "City", type: "text", required: false }] } },
    })
  })

  it("asks for the phone first, then each answer in order, in the shared rule's words", () => {
    const fields = [...stored.fields, { key: "email", type: "email" as const, required: false }]
    const base = { form: { business: "Acme", fields }, number: "+90 532 111 22 33", values: { name: "Deniz" } }
    expect(formProblemOf({ ...base, number: "call me" })).toEqual({ field: "number", kind: "phone" })
    expect(formProblemOf({ ...base, values: {} })).toEqual({ field: "name", kind: "required" })
    expect(formProblemOf({ ...base, values: { name: "D", email: "nope" } })).toEqual({ field: "email", kind: "email" })
    expect(formProblemOf(base)).toBeNull()
  })
})
