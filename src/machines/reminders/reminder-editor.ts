/**
 * One reminder created, edited, deleted, enabled or disabled (page actor `reminder-editor`), on the record editor
 * kit. "Send now" takes its start from Effect's clock when saving (SEND_NOW_LEAD_MS ahead).
 */
import { Clock, Effect } from "effect"
import type { Reminder } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { blankReminder, type ReminderDraft, reminderDraftOf, reminderRequestOf, SEND_NOW_LEAD_MS } from "./reminder-draft"

export type ReminderAction = "enable" | "disable"

const problemOf = (draft: ReminderDraft, row: Reminder | null) => {
  // The clock does not decide a problem: any start stands in for "send now" here.
  const out = reminderRequestOf(draft, row, "now")
  return "problem" in out ? out.problem : null
}

export const reminderEditorMachine = createRecordEditor<Reminder, ReminderDraft, ReminderAction>({
  list: "report-reminders",
  blank: blankReminder,
  draftOf: reminderDraftOf,
  problemOf,
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const now = yield* Clock.currentTimeMillis
      const out = reminderRequestOf(draft, row, new Date(now + SEND_NOW_LEAD_MS).toISOString())
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const { name = "", message = "", target, schedule, ...rest } = out.request
      if (row) return yield* api.call("tagging", "reminderUpdate", { id: row.id, ...out.request })
      if (!target || !schedule) return yield* Effect.fail(new Error("a new reminder has a target and a schedule"))
      return yield* api.call("tagging", "reminderInsert", { name, message, target, schedule, ...rest })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("tagging", "reminderDelete", { id: row.id })
    }),
  actions: {
    enable: (row) =>
      Effect.gen(function* () {
        const api = yield* Api
        return yield* api.call("tagging", "reminderEnable", { id: row.id })
      }),
    disable: (row) =>
      Effect.gen(function* () {
        const api = yield* Api
        return yield* api.call("tagging", "reminderDisable", { id: row.id })
      }),
  },
})
