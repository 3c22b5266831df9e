/**
 * /apps/flag (`report-flags`): the tenant's flags with their colour and how many customers carry each; create and
 * edit one (`flag-editor` page actor); "Show customers" opens the contact book filtered by the flag.
 */
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { useSelector } from "@xstate/react"
import { Button, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { flagsMachine } from "../../machines/flags/flags-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { contactsLink } from "../contacts/contacts-link"
import { PageHeader } from "../common/PageHeader"
import { EditorDialog, type EditorRef } from "../contacts/EditorDialog"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"

export const FlagsView = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const actor = useReportActor<ActorRefFrom<typeof flagsMachine>>("report-flags")
  const editor = usePageActor<EditorRef>("flag-editor")
  const rows = useSelector(actor, (s) => s.context.rows)
  const reload = useCallback(() => actor.send({ type: "REPORT.RELOAD" }), [actor])
  const columns = ["name", "description", "customers", "created", ""].map((k) => (k ? t(`flags.${k}`) : ""))
  return (
    <div className="mc-page mc-report" data-testid="flags-page">
      <PageHeader
        title={t("routes.flag")}
        subtitle={t("flags.subtitle")}
        actions={
          <Button
            icon="add"
            intent="primary"
            text={t("flags.new")}
            disabled={!editor}
            data-testid="flag-new"
            onClick={() => editor?.send({ type: "OPEN", id: null, draft: { name: "", color: "#d13913", description: "" } })}
          />
        }
      />
      <ReportFilters actor={actor} testId="flags" buttons="none">
        <ReportSearch actor={actor} label={t("contacts.list.searchLabel")} placeholder={t("flags.name")} testId="flags-search" />
      </ReportFilters>
      <ReportFailure actor={actor} />
      <ReportTable actor={actor} testId="flags-table" columns={columns} emptyText={t("flags.noRows")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="flag-row">
            <td>
              <Tag minimal style={{ borderInlineStart: `6px solid ${row.color}` }}>
                {row.name}
              </Tag>
            </td>
            <td>{row.description ?? ""}</td>
            <td className="mc-num" data-testid="flag-customers">
              {row.customers}
            </td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            <td>
              <Button
                size="small"
                variant="minimal"
                icon="people"
                text={t("flags.show")}
                data-testid="flag-show"
                onClick={() => navigate(contactsLink({ flag: row.id }))}
              />
              <Button
                size="small"
                variant="minimal"
                icon="edit"
                text={t("flags.edit")}
                disabled={!editor}
                onClick={() =>
                  editor?.send({
                    type: "OPEN",
                    id: row.id,
                    draft: { name: row.name, color: row.color, description: row.description ?? "" },
                  })
                }
              />
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? (
        <EditorDialog
          actor={editor}
          testId="flag-editor"
          title={(isNew) => t(isNew ? "flags.new" : "flags.edit")}
          fields={[
            { key: "name", label: t("flags.name") },
            { key: "color", label: t("flags.color"), type: "color" },
            { key: "description", label: t("flags.description") },
          ]}
          onSaved={reload}
        />
      ) : null}
    </div>
  )
}
