/**
 * One canned message created, edited or deleted (page actor `canned-editor`), on the record editor kit. A shortcut is
 * what an agent types after `/` (lower-case letters, digits, `-` and `_`, up to 30; a typed leading `/` is dropped);
 * the server refuses one already in someone's `/` menu with a 409 on `shortcut`, which the dialog shows on the field.
 */
import { Effect } from "effect"
import type { CannedKind, CannedMessage } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const TITLE_MAX = 100
export const TEXT_MAX = 4096
const SHORTCUT = /^[a-z0-9_-]{1,30}$/

export interface CannedDraft {
  readonly type: CannedKind
  readonly title: string
  readonly text: string
  readonly shortcut: string
  /** Shared with the whole tenant, or only the author's. */
  readonly shared: boolean
}

export type CannedProblem =
  | "titleRequired"
  | "titleTooLong"
  | "textRequired"
  | "textTooLong"
  | "shortcutInvalid"
  | "shortcutKept"
  | "noChange"

const blank = (): CannedDraft => ({ type: "chat", title: "", text: "", shortcut: "", shared: true })

export const cannedDraftOf = (row: CannedMessage): CannedDraft => ({
  type: row.type,
  title: row.title,
  text: row.text,
  shortcut: row.shortcut ?? "",
  shared: row.shared,
})

const shortcutOf = (draft: CannedDraft) => draft.shortcut.trim().replace(/^\//, "").toLowerCase()

/** The body to send: every field for a new message, what changed for an edit; or the problem that stops it. */
export const cannedRequestOf = (
  draft: CannedDraft,
  row: CannedMessage | null,
): { readonly problem: CannedProblem } | { readonly request: Record<string, unknown> } => {
  const title = draft.title.trim()
  const text = draft.text.trim()
  const shortcut = shortcutOf(draft)
  if (!title) return { problem: "titleRequired" }
  if (title.length > TITLE_MAX) return { problem: "titleTooLong" }
  if (!text) return { problem: "textRequired" }
  if (text.length > TEXT_MAX) return { problem: "textTooLong" }
  if (shortcut && !SHORTCUT.test(shortcut)) return { problem: "shortcutInvalid" }
  // The server keeps a shortcut once given (it can be changed, not removed): say so rather than pretend it went.
  if (!shortcut && row?.shortcut) return { problem: "shortcutKept" }
  const next = { type: draft.type, title, text, ...(shortcut ? { shortcut } : {}), shared: draft.shared }
  if (!row) return { request: next }
  const changed = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => value !== (row as unknown as Record<string, unknown>)[key]),
  )
  if (Object.keys(changed).length === 0) return { problem: "noChange" }
  return { request: changed }
}

export const cannedEditorMachine = createRecordEditor<CannedMessage, CannedDraft>({
  list: "report-canned",
  blank,
  draftOf: cannedDraftOf,
  problemOf: (draft, row) => {
    const out = cannedRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = cannedRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const request = out.request as Omit<CannedDraft, "shortcut"> & { shortcut?: string }
      return row
        ? yield* api.call("cannedMessages", "cannedMessagesUpdateById", { id: row.id, ...request })
        : yield* api.call("cannedMessages", "cannedMessagesCreate", request)
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("cannedMessages", "cannedMessagesDeleteById", { id: row.id })
    }),
})
