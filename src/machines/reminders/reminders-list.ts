/**
 * Reminders (`report-reminders`, /admin-reminderMessage and the company sub-page `reminderMessage`): the tenant's
 * reminders, searched by name or text (tagging.reminderSearch). Its meta carries the tenant's time zone (client
 * setting `time_zone`, default UTC) and what the form offers to pick: groups, segments and approved templates
 * without parameters. A picker that fails to load stays empty and says why; the rows still load.
 */
import { Effect } from "effect"
import type { Reminder } from "../../contract/schemas/tagging"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { type Choice, namesOf, PICK, pickerList } from "../report-kit/picker-list"
import { zoneOr } from "./reminder-zone"

export type { Choice }
export interface TemplateChoice {
  readonly name: string
  readonly language: string
}

export interface ReminderChoices {
  readonly zone: string
  readonly groups: readonly Choice[]
  readonly segments: readonly Choice[]
  readonly templates: readonly TemplateChoice[]
  readonly choicesError: Failure | null
}

const choicesFor = Effect.gen(function* () {
  const api = yield* Api
  const [settings, groups, segments, templates] = yield* Effect.all(
    [
      api.call("auth", "clientSettings", {}),
      api.call("contacts", "groupsList", PICK).pipe(Effect.map(namesOf)),
      api.call("tagging", "segments", PICK).pipe(Effect.map(namesOf)),
      api
        .call("templates", "getTemplateMessageAgent", { page: 1, limit: 200 })
        .pipe(Effect.map((body) => body.data.items.filter((t) => t.params_count === 0).map(({ name, language }) => ({ name, language })))),
    ],
    { concurrency: 4 },
  )
  const zone = zoneOr((settings.data.settings as Record<string, unknown>).time_zone)
  return { zone, groups, segments, templates, choicesError: null } satisfies ReminderChoices
}).pipe(
  Effect.catch((error) =>
    Effect.succeed<ReminderChoices>({ zone: "UTC", groups: [], segments: [], templates: [], choicesError: failureOf(error) }),
  ),
)

export const remindersListMachine = pickerList<Reminder, ReminderChoices>({
  name: "reminders",
  rows: (paging, search) =>
    Effect.gen(function* () {
      const api = yield* Api
      return search ? yield* api.call("tagging", "reminderSearch", { ...paging, search }) : yield* api.call("tagging", "reminders", paging)
    }),
  pickers: choicesFor,
})
