/** The canned message editor, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import type { CannedMessage } from "../../contract/schemas/contacts"
import { checkModel } from "../common/model-check.testing"
import { recordEditorModel } from "../common/record-editor.testing"
import { cannedEditorMachine, cannedRequestOf } from "./canned-editor"

const row: CannedMessage = {
  id: 7,
  type: "chat",
  title: "Greeting",
  text: "Hello! How can I help?",
  shortcut: "hello",
  shared: true,
  created_by: 3,
  created_at: "2026-01-01T10:00:00Z",
}
const conflict = Object.assign(new Error('The shortcut /hello is already used by "Greeting"'), {
  status: 409,
  code: "CONFLICT",
  field: "shortcut",
})

checkModel(
  recordEditorModel({
    name: "canned editor",
    machine: cannedEditorMachine,
    row,
    changes: [{ title: "Thanks", text: "Thank you for writing" }, { shortcut: "/Hello!" }],
    saveRefusal: conflict,
    saveFrom: "edit",
    key: (s) => [
      s.value,
      s.context.row?.id ?? null,
      s.context.draft.title,
      s.context.draft.shortcut,
      s.context.problem,
      s.context.failure?.field ?? null,
    ],
  }),
)

describe("canned message rules", () => {
  it("needs a title and a text, and a shortcut an agent can type after /", () => {
    const draft = { type: "chat" as const, title: " ", text: "x", shortcut: "", shared: true }
    expect(cannedRequestOf(draft, null)).toEqual({ problem: "titleRequired" })
    expect(cannedRequestOf({ ...draft, title: "Hi", text: "" }, null)).toEqual({ problem: "textRequired" })
    expect(cannedRequestOf({ ...draft, title: "x".repeat(101) }, null)).toEqual({ problem: "titleTooLong" })
    expect(cannedRequestOf({ ...draft, title: "Hi", shortcut: "two words" }, null)).toEqual({ problem: "shortcutInvalid" })
    expect(cannedRequestOf({ ...draft, title: "Hi", shortcut: "/Hi" }, null)).toEqual({
      request: { type: "chat", title: "Hi", text: "x", shortcut: "hi", shared: true },
    })
  })

  it("sends only what changed, and says when nothing did or a shortcut cannot be removed", () => {
    const same = { type: row.type, title: row.title, text: row.text, shortcut: "hello", shared: true }
    expect(cannedRequestOf(same, row)).toEqual({ problem: "noChange" })
    expect(cannedRequestOf({ ...same, shared: false, shortcut: "hi" }, row)).toEqual({ request: { shared: false, shortcut: "hi" } })
    expect(cannedRequestOf({ ...same, shortcut: "" }, row)).toEqual({ problem: "shortcutKept" })
  })
})
