/**
 * The recipient-list editor, model-based: a new list loads its choices (typing kept meanwhile), reads a picked CSV,
 * refuses a file over the limit before reading it, names what is missing before any call, shows the server's per-row
 * result until closed; rename and delete (asked first; a refusal kept on screen). Then the form's rules and bodies.
 */
import { describe, expect, it } from "vitest"
import { initialTransition, transition } from "xstate"
import type { RecipientList, RecipientListResult } from "../../contract/schemas/campaigns"
import type { PickedFile } from "../../services/chat/chat-files"
import { checkModel } from "../common/model-check.testing"
import { type ListForm, listProblemOf, listRequestOf, recipientListEditorMachine, typedLineOf } from "./recipient-list-editor"

const list: RecipientList = {
  id: 4,
  client_id: 1,
  name: "VIP",
  numbers_count: 3,
  created_at: "2026-11-23T10:00:00.000Z",
  source: "numbers",
}
const result: RecipientListResult = {
  ...list,
  result: {
    rows: 5,
    accepted: 3,
    duplicates: 1,
    invalid: 1,
    problems: [
      { line: 3, value: "+905321110001", outcome: "duplicate", reason: "Same number as line 2", of_line: 2 },
      { line: 5, value: "call me", outcome: "invalid", reason: "Not a valid phone number" },
    ],
  },
}
const group = { id: 9, name: "Gold", description: null, contact_count: 12, created_at: "2026-11-23T10:00:00.000Z" }
const csvFile = Object.assign(new Blob(["number,name\n+905321110001,Ayşe\n"], { type: "text/csv" }), { name: "vip.csv" }) as PickedFile
const hugeFile = { name: "huge.csv", size: 30_000_000, type: "text/csv" } as unknown as PickedFile
const refused = { status: 404, code: "NOT_FOUND", message: "Recipient list not found" }

checkModel({
  name: "recipient list editor",
  machine: recipientListEditorMachine,
  sources: ["choices", "read", "create", "rename", "remove"],
  states: ["closed", "loading", "editing", "reading", "saving.creating", "saving.renaming", "result", "confirming", "deleting"],
  events: [
    { type: "CREATE" },
    { type: "xstate.done.actor.choices", output: { groups: [group], segments: [] } },
    { type: "xstate.error.actor.choices", error: new Error("offline") },
    { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001\n+905321110002" } },
    { type: "EDIT", patch: { source: "csv" } },
    { type: "FILE", file: csvFile },
    { type: "FILE", file: hugeFile },
    { type: "xstate.done.actor.read", output: { name: "vip.csv", text: "number\n+905321110001\n" } },
    { type: "SUBMIT" },
    { type: "xstate.done.actor.create", output: result },
    { type: "xstate.error.actor.create", error: { status: 400, code: "BAD_REQUEST", message: "The CSV is empty" } },
    { type: "RENAME", list },
    { type: "xstate.done.actor.rename", output: result },
    { type: "DELETE", list },
    { type: "CONFIRM" },
    { type: "xstate.done.actor.remove", output: { data: { ok: true } } },
    { type: "xstate.error.actor.remove", error: refused },
    { type: "CLOSE" },
  ],
  stories: [
    [
      { type: "CREATE" },
      { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001\n+905321110002" } },
      { type: "xstate.done.actor.choices", output: { groups: [group], segments: [] } },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.create", output: result },
      { type: "CLOSE" },
    ],
    [{ type: "DELETE", list }, { type: "CONFIRM" }, { type: "xstate.error.actor.remove", error: refused }, { type: "CLOSE" }],
    [{ type: "CREATE" }, { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001" } }, { type: "SUBMIT" }],
    [
      { type: "CREATE" },
      { type: "xstate.done.actor.choices", output: { groups: [group], segments: [] } },
      { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001\n+905321110002" } },
      { type: "SUBMIT" },
      { type: "xstate.error.actor.create", error: { status: 400, code: "BAD_REQUEST", message: "The CSV is empty" } },
    ],
    [{ type: "RENAME", list }, { type: "SUBMIT" }, { type: "xstate.done.actor.rename", output: result }],
    [{ type: "DELETE", list }, { type: "CONFIRM" }, { type: "xstate.done.actor.remove", output: { data: { ok: true } } }],
  ],
  key: (s) => [
    s.value,
    s.context.mode,
    s.context.form.name !== "",
    s.context.form.source,
    s.context.form.numbers !== "",
    s.context.form.file !== null,
    s.context.problem,
    s.context.result !== null,
    s.context.failure !== null,
  ],
  view: (s) => ({
    value: s.value,
    mode: s.context.mode,
    form: s.context.form,
    problem: s.context.problem,
    result: s.context.result,
    failure: s.context.failure,
  }),
})

const run = (events: readonly object[]) => {
  let [state] = initialTransition(recipientListEditorMachine)
  for (const event of events) state = transition(recipientListEditorMachine, state, event as never)[0]
  return state
}

describe("the recipient-list editor", () => {
  it("keeps what is typed while the groups and segments load", () => {
    const state = run([
      { type: "CREATE" },
      { type: "EDIT", patch: { name: "VIP" } },
      { type: "xstate.done.actor.choices", output: { groups: [group], segments: [] } },
    ])
    expect(state.value).toBe("editing")
    expect(state.context.form.name).toBe("VIP")
    expect(state.context.groups).toEqual([group])
  })
  it("takes Create while the groups and segments still load", () => {
    const state = run([{ type: "CREATE" }, { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001" } }, { type: "SUBMIT" }])
    expect(state.value).toEqual({ saving: "creating" })
  })
  it("names what is missing instead of calling, and a file over 20 MB before reading it", () => {
    const open = [{ type: "CREATE" }, { type: "xstate.done.actor.choices", output: { groups: [], segments: [] } }]
    expect(run([...open, { type: "SUBMIT" }]).context.problem).toBe("name")
    expect(run([...open, { type: "EDIT", patch: { name: "VIP" } }, { type: "SUBMIT" }]).context.problem).toBe("numbers")
    const huge = run([...open, { type: "EDIT", patch: { source: "csv" } }, { type: "FILE", file: hugeFile }])
    expect(huge.value).toBe("editing")
    expect(huge.context.problem).toBe("fileTooLarge")
  })
  it("keeps the server's per-row result until closed, then forgets it", () => {
    const shown = run([
      { type: "CREATE" },
      { type: "xstate.done.actor.choices", output: { groups: [], segments: [] } },
      { type: "EDIT", patch: { name: "VIP", numbers: "+905321110001" } },
      { type: "SUBMIT" },
      { type: "xstate.done.actor.create", output: result },
    ])
    expect(shown.value).toBe("result")
    expect(shown.context.result).toEqual(result)
    expect(transition(recipientListEditorMachine, shown, { type: "CLOSE" })[0].context.result).toBeNull()
  })
  it("renames with the name only and asks before deleting", () => {
    expect(run([{ type: "RENAME", list }]).context.form.name).toBe("VIP")
    expect(run([{ type: "RENAME", list }, { type: "EDIT", patch: { name: "" } }, { type: "SUBMIT" }]).context.problem).toBe("name")
    expect(run([{ type: "DELETE", list }]).value).toBe("confirming")
    const kept = run([{ type: "DELETE", list }, { type: "CONFIRM" }, { type: "xstate.error.actor.remove", error: refused }])
    expect(kept.value).toBe("confirming")
    expect(kept.context.failure).not.toBeNull()
  })
})

describe("the list form's rules and bodies", () => {
  const form: ListForm = {
    name: " VIP ",
    source: "numbers",
    numbers: "+905321110001\n\n905321110002, +905321110001",
    file: null,
    groupId: "",
    segmentId: "",
    search: "",
    country: "tr",
  }
  it("sends typed numbers as a one-column CSV, every typed entry a row, the country upper-cased", () => {
    expect(listRequestOf(form)).toEqual({ name: "VIP", csv: "number\n+905321110001\n905321110002\n+905321110001\n", country: "TR" })
    expect(typedLineOf("numbers", 3)).toBe(2)
    expect(typedLineOf("csv", 3)).toBe(3)
  })
  it("sends a group, a segment or a search as the contact book's filter", () => {
    expect(listRequestOf({ ...form, source: "group", groupId: "9", country: "" })).toEqual({ name: "VIP", contacts: { group_id: 9 } })
    expect(listRequestOf({ ...form, source: "segment", segmentId: "3", country: "" })).toEqual({ name: "VIP", contacts: { segment_id: 3 } })
    expect(listRequestOf({ ...form, source: "search", search: " Ayşe ", country: "" })).toEqual({
      name: "VIP",
      contacts: { search: "Ayşe" },
    })
  })
  it("names the first thing missing", () => {
    expect(listProblemOf("create", { ...form, country: "TUR" })).toBe("country")
    expect(listProblemOf("create", { ...form, source: "csv" })).toBe("file")
    expect(listProblemOf("create", { ...form, source: "group" })).toBe("group")
    expect(listProblemOf("create", { ...form, source: "segment" })).toBe("segment")
    expect(listProblemOf("create", { ...form, source: "search" })).toBe("search")
    expect(listProblemOf("create", form)).toBeNull()
    expect(listProblemOf("rename", { ...form, numbers: "" })).toBeNull()
  })
})
