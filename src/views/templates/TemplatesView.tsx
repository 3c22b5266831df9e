/**
 * Template Messages (HSM) (/templateMessage-hsm and the company sub-page): the tenant's templates on
 * `report-templates` with their status (the channel's reason under a rejected, paused or disabled one), searched and
 * filtered by status; the `template-editor` dialog; `templates-watch` reads the list again while one is in review.
 * A super admin picks the business in the filter card first and reads its templates without the writing controls.
 */
import { Button, HTMLSelect, Tag, type Intent } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { TemplateStatus } from "../../contract/schemas/templates"
import type { templateAssignMachine } from "../../machines/templates/template-assign"
import type { templateEditorMachine } from "../../machines/templates/template-editor"
import type { templatesListMachine } from "../../machines/templates/templates-list"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { useAclActor, usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { NewButton, RowActions, useWriteNotices } from "../record-kit/RecordDialog"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ReportBusiness } from "../reports/ReportBusiness"
import { AssignDialog } from "./AssignDialog"
import { TemplateDialog } from "./TemplateDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./templates.css"

type ListActor = ActorRefFrom<typeof templatesListMachine>
type EditorActor = ActorRefFrom<typeof templateEditorMachine>
type AssignActor = ActorRefFrom<typeof templateAssignMachine>

const STATUSES: readonly TemplateStatus[] = ["PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED"]
const INTENTS: Readonly<Record<TemplateStatus, Intent>> = {
  PENDING: "warning",
  APPROVED: "success",
  REJECTED: "danger",
  PAUSED: "warning",
  DISABLED: "none",
}

export const TemplatesView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-templates", { forBusiness: true })
  const editor = usePageActor<EditorActor>("template-editor")
  const assigner = usePageActor<AssignActor>("template-assign")
  usePageActor("templates-watch")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const status = useSelector(list, (s) => s.context.draft.status)
  // A super admin reads the picked business's templates; writing them (create, edit, assign) is the business's own.
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  const writes = superAdmin ? null : editor
  const columns = [
    t("templates.name"),
    t("templates.category"),
    t("templates.body"),
    t("templates.status"),
    ...(superAdmin ? [] : [t("templates.assign.open"), t("recordKit.actions")]),
  ]
  return (
    <div className="mc-page mc-report" data-testid="templates-page">
      <PageHeader
        title={t("templates.title")}
        subtitle={t("templates.subtitle")}
        actions={writes ? <NewButton actor={writes} text={t("templates.new")} testId="templates-new" /> : null}
      />
      <ReportBusiness
        actor={list}
        testId="templates-business"
        filters={
          <ReportFilters actor={list} testId="templates-filters" buttons="none">
            <ReportSearch actor={list} label={t("templates.search")} placeholder={t("templates.searchHint")} testId="templates-search" />
            <HTMLSelect
              aria-label={t("templates.status")}
              value={status}
              onChange={(e) => list.send({ type: "FILTER.CHANGE", patch: { status: e.currentTarget.value as TemplateStatus | "" } })}
              options={[
                { value: "", label: t("templates.allStatuses") },
                ...STATUSES.map((value) => ({ value, label: t(`templates.statuses.${value}`) })),
              ]}
              data-testid="templates-status-filter"
            />
          </ReportFilters>
        }
      >
        <ReportFailure actor={list} />
        <ReportTable actor={list} testId="templates-table" columns={columns} emptyText={t("templates.empty")}>
          {rows.map((row) => (
            <tr key={row.id} data-testid="template-row" data-name={row.name} data-status={row.status}>
              <td>
                <div dir="ltr">{row.name}</div>
                <div className="mc-templates-count">{row.language}</div>
              </td>
              <td>{t(`templates.categories.${row.category}`)}</td>
              <td className="mc-templates-body-cell" dir="auto">
                {row.body}
              </td>
              <td>
                <Tag intent={INTENTS[row.status]} minimal data-testid="template-status">
                  {t(`templates.statuses.${row.status}`)}
                </Tag>
                {row.rejected_reason ? (
                  <div className="mc-templates-reason" data-testid="template-reason">
                    {t("templates.reason", { reason: row.rejected_reason })}
                  </div>
                ) : null}
              </td>
              {superAdmin ? null : (
                <td>
                  <Button
                    small
                    minimal
                    icon="people"
                    disabled={!assigner}
                    text={
                      row.agent_ids?.length ? t("templates.assign.some", { count: row.agent_ids.length }) : t("templates.assign.everyone")
                    }
                    onClick={() => assigner?.send({ type: "OPEN", template: row })}
                    data-testid="template-assign"
                  />
                </td>
              )}
              {superAdmin ? null : editor ? <RowActions actor={editor} row={row} testId="template-row" /> : <td />}
            </tr>
          ))}
        </ReportTable>
      </ReportBusiness>
      {editor ? <TemplateDialog editor={editor} /> : null}
      {assigner ? <AssignDialog actor={assigner} /> : null}
    </div>
  )
}
