/** The registration machine, model-based (common/model-check.testing.ts), and the form's rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { DOCUMENT_MAX_BYTES, fileProblem, registrationMachine, registrationProblem } from "./registration-machine"

const pdf = new File(["%PDF-1.4"], "licence.pdf", { type: "application/pdf" })
const html = new File(["<html>"], "page.html", { type: "text/html" })
const complete = {
  business_name: "Bakery",
  email: "owner@bakery.example",
  phone: "+90 555 123 45 67",
  country_id: "1",
  admin_username: "owner",
  password: "long-enough",
}
const countries = {
  type: "xstate.done.actor.loadCountries",
  output: [{ id: 1, name: "Turkey", iso_code: "TR", dial_code: "+90", active: true }],
}
const uploaded = {
  type: "xstate.done.actor.upload",
  output: { id: 41, name: "licence.pdf", document_type: "trade_license", upload_token: "t".repeat(32) },
}

checkModel({
  name: "business registration",
  machine: registrationMachine,
  sources: ["loadCountries", "upload", "register"],
  states: ["loading", "failed", "editing", "uploading", "submitting", "registered"],
  events: [
    countries,
    { type: "xstate.error.actor.loadCountries", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: complete },
    { type: "PICK", file: pdf, documentType: "trade_license" },
    { type: "PICK", file: html, documentType: "other" },
    uploaded,
    { type: "xstate.error.actor.upload", error: new Error("415") },
    { type: "REMOVE", id: 41 },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.register", output: { id: 9, name: "Bakery" } },
    { type: "xstate.error.actor.register", error: new Error("409") },
  ],
  // Removing the only document leads back to a state already reached.
  stories: [[countries, { type: "PICK", file: pdf, documentType: "trade_license" }, uploaded, { type: "REMOVE", id: 41 }]],
  key: (s) => [s.value, s.context.draft.business_name !== "", s.context.documents.length, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    draft: s.context.draft,
    documents: s.context.documents,
    problem: s.context.problem,
    failure: s.context.failure,
    registered: s.context.registered,
  }),
})

describe("registration rules", () => {
  it("says the first thing the form lacks, a document included", () => {
    const docs = [{ id: 1, name: "a.pdf", document_type: "trade_license" as const, upload_token: "t".repeat(32) }]
    expect(registrationProblem({ ...complete, business_name: " " }, docs)).toBe("nameRequired")
    expect(registrationProblem({ ...complete, email: "owner@" }, docs)).toBe("emailInvalid")
    expect(registrationProblem({ ...complete, phone: "call me" }, docs)).toBe("phoneInvalid")
    expect(registrationProblem({ ...complete, country_id: "" }, docs)).toBe("countryRequired")
    expect(registrationProblem({ ...complete, admin_username: "Owner Name" }, docs)).toBe("usernameInvalid")
    expect(registrationProblem({ ...complete, password: "short" }, docs)).toBe("passwordShort")
    expect(registrationProblem(complete, [])).toBe("documentRequired")
    expect(registrationProblem(complete, docs)).toBeNull()
  })

  it("takes PDF, PNG and JPEG files up to 10 MiB, five at most", () => {
    expect(fileProblem({ type: "application/pdf", size: 1000 }, 0)).toBeNull()
    expect(fileProblem({ type: "image/jpeg", size: DOCUMENT_MAX_BYTES }, 4)).toBeNull()
    expect(fileProblem({ type: "image/png", size: DOCUMENT_MAX_BYTES + 1 }, 0)).toBe("documentSize")
    expect(fileProblem({ type: "text/html", size: 10 }, 0)).toBe("documentType")
    expect(fileProblem({ type: "application/pdf", size: 10 }, 5)).toBe("tooManyDocuments")
  })
})
