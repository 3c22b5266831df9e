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
import { createReportMachine } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"
import { zoneOr } from "./reminder-zone"

export interface Choice {
  readonly id: number
  readonly name: string
}
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

const PICK = { page: 1, limit: 100 }

const choicesFor = Effect.gen(function* () {
  const api = yield* Api
  const names = (body: { data: { items: readonly Choice[] } }) => body.data.items.map(({ id, name }) => ({ id, name }))
  const [settings, groups, segments, templates] = yield* Effect.all(
    [
      api.call("auth", "clientSettings", {}),
      api.call("contacts", "groupsList", PICK).pipe(Effect.map(names)),
      api.call("tagging", "segments", PICK).pipe(Effect.map(names)),
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

export const remindersListMachine = createReportMachine<Reminder, Record<string, never>, ReminderChoices>({
  name: "reminders",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const paging = { page: query.page, limit: query.pageSize }
      const [body, choices] = yield* Effect.all(
        [
          query.search
            ? api.call("tagging", "reminderSearch", { ...paging, search: query.search })
            : api.call("tagging", "reminders", paging),
          choicesFor,
        ],
        { concurrency: 2 },
      )
      return pageOf<Reminder, ReminderChoices>(body, choices)
    }),
})
