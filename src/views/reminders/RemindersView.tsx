/**
 * Reminders (/admin-reminderMessage and the company sub-page `reminderMessage`): the tenant's reminders on
 * `report-reminders` with their target, repeat, next run and last run on the tenant's clock, a switch that enables or
 * disables one, and the `reminder-editor` page actor's dialog (ReminderDialog.tsx).
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Switch } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Reminder } from "../../contract/schemas/tagging"
import type { ReminderChoices, remindersListMachine } from "../../machines/reminders/reminders-list"
import type { reminderEditorMachine } from "../../machines/reminders/reminder-editor"
import { shownAt } from "../../machines/reminders/reminder-time"
import { usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { NewButton, RowActions, useWriteNotices } from "../record-kit/RecordDialog"
import { ReminderDialog } from "./ReminderDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./reminders.css"

type ListActor = ActorRefFrom<typeof remindersListMachine>
type EditorActor = ActorRefFrom<typeof reminderEditorMachine>

export const RemindersView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-reminders")
  const editor = usePageActor<EditorActor>("reminder-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const meta = useSelector(list, (s) => s.context.meta)
  const zone = meta?.zone ?? "UTC"
  const columns = [
    t("reminders.enabled"),
    t("reminders.name"),
    t("reminders.target"),
    t("reminders.repeat"),
    t("reminders.nextRun", { zone }),
    t("reminders.lastRun"),
    t("recordKit.actions"),
  ]
  return (
    <div className="mc-page mc-report" data-testid="reminders-page">
      <PageHeader
        title={t("reminders.title")}
        subtitle={t("reminders.subtitle")}
        actions={<NewButton actor={editor} text={t("reminders.new")} testId="reminders-new" />}
      />
      <ReportFilters actor={list} testId="reminders-filters" buttons="none">
        <ReportSearch actor={list} label={t("reminders.search")} placeholder={t("reminders.searchHint")} testId="reminders-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="reminders-table" columns={columns} emptyText={t("reminders.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="reminder-row" data-enabled={row.enabled}>
            <td>
              <Switch
                checked={row.enabled}
                disabled={!editor}
                aria-label={t(row.enabled ? "reminders.disable" : "reminders.enable")}
                onChange={() => editor?.send({ type: "RUN", action: row.enabled ? "disable" : "enable", row })}
                data-testid="reminder-enabled"
              />
            </td>
            <td>
              <div>{row.name}</div>
              <div className="mc-reminder-text">{row.message}</div>
            </td>
            <td data-testid="reminder-target">{targetText(t, row, meta)}</td>
            <td>{t(`reminders.repeats.${row.schedule.repeat}`)}</td>
            <td className="mc-num" data-testid="reminder-next-run">
              {row.next_run_at ? shownAt(row.next_run_at, zone) : t("reminders.notScheduled")}
            </td>
            <td className="mc-reminder-last" data-testid="reminder-last-run">
              {row.last_run
                ? t("reminders.lastRunSummary", {
                    at: shownAt(row.last_run.at, zone),
                    sent: row.last_run.sent_text + row.last_run.sent_template,
                    recipients: row.last_run.recipients,
                    skipped: row.last_run.skipped,
                  })
                : t("reminders.never")}
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="reminder-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <ReminderDialog editor={editor} list={list} /> : null}
    </div>
  )
}

const targetText = (
  t: (key: string, values?: Record<string, unknown>) => string,
  row: Reminder,
  meta: ReminderChoices | null | undefined,
) => {
  const target = row.target
  if (target.type === "contact") return t("reminders.toContact", { number: target.number })
  const id = target.type === "group" ? target.group_id : target.segment_id
  const pool = target.type === "group" ? meta?.groups : meta?.segments
  const name = pool?.find((c) => c.id === id)?.name ?? `#${id}`
  return t(target.type === "group" ? "reminders.toGroup" : "reminders.toSegment", { name })
}
