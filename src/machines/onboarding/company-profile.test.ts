/** The company profile machine (Profile and Contact), model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { Client } from "../../contract/schemas/tenants"
import { checkModel } from "../common/model-check.testing"
import { changesOf, companyProfileMachine, draftOf, profileProblem, type StoredProfile } from "./company-profile"

const client: Client = {
  id: 1,
  name: "Acme",
  email: "hello@acme.example",
  phone: "+905321112233",
  country_id: 1,
  address: null,
  website: null,
  logo_url: null,
  contact_person: null,
  subject: null,
  onboarding_status: "approved",
  active: true,
  created_at: "2026-11-24T00:00:00.000Z",
}
const stored: StoredProfile = { client, timezone: "UTC" }
const loaded = { stored, countries: [{ id: 1, name: "Türkiye", iso_code: "TR", dial_code: "+90", active: true }] }
const saved: StoredProfile = { client: { ...client, name: "Acme Bazaar" }, timezone: "Europe/Istanbul" }

checkModel({
  name: "company profile",
  machine: companyProfileMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: loaded },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { name: "Acme Bazaar", timezone: "Europe/Istanbul" } },
    { type: "EDIT", patch: { email: "not an address" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: saved },
    { type: "xstate.error.actor.save", error: new Error("400") },
  ],
  key: (s) => [
    s.value,
    s.context.stored?.client.name ?? null,
    s.context.draft.name,
    s.context.draft.email,
    s.context.problem,
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

describe("company profile rules", () => {
  it("sends only what changed, to the call that owns each field", () => {
    const draft = { ...draftOf(stored), name: " Acme Bazaar ", contact_person: "Ayşe", subject: "Acme support", timezone: "Asia/Dubai" }
    expect(changesOf(stored, draft)).toEqual({
      client: { name: "Acme Bazaar", contact_person: "Ayşe" },
      subject: "Acme support",
      timezone: "Asia/Dubai",
    })
    expect(changesOf(stored, draftOf(stored))).toEqual({ client: {}, subject: null, timezone: null })
  })

  it("refuses what the server would refuse, and a save with nothing changed", () => {
    const base = draftOf(stored)
    expect(profileProblem(stored, { ...base, name: "  " })).toBe("nameRequired")
    expect(profileProblem(stored, { ...base, email: "acme" })).toBe("emailInvalid")
    expect(profileProblem(stored, { ...base, phone: "12" })).toBe("phoneInvalid")
    expect(profileProblem(stored, { ...base, website: "acme.example" })).toBe("websiteInvalid")
    expect(profileProblem(stored, { ...base, logo_url: "logo.png" })).toBe("logoInvalid")
    expect(profileProblem({ ...stored, client: { ...client, subject: "Old" } }, { ...base, subject: "" })).toBe("subjectRequired")
    expect(profileProblem(stored, { ...base, timezone: "Mars/Base" })).toBe("timezoneInvalid")
    expect(profileProblem(stored, base)).toBe("unchanged")
    expect(profileProblem(stored, { ...base, website: "https://acme.example" })).toBeNull()
  })
})
