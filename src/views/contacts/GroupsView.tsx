/**
 * /apps/contact-groups (`report-contact-groups`): the tenant's contact groups with their member counts; create and
 * rename one (`group-editor` page actor); "Members" opens the contact book filtered by the group, where bulk actions
 * add contacts to it.
 */
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { useSelector } from "@xstate/react"
import { Button } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { groupsMachine } from "../../machines/contacts/groups-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { contactsLink } from "./contacts-link"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { EditorDialog, type EditorRef } from "./EditorDialog"
import "../report-kit/report-kit.css"

export const GroupsView = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const actor = useReportActor<ActorRefFrom<typeof groupsMachine>>("report-contact-groups")
  const editor = usePageActor<EditorRef>("group-editor")
  const rows = useSelector(actor, (s) => s.context.rows)
  const reload = useCallback(() => actor.send({ type: "REPORT.RELOAD" }), [actor])
  const columns = ["name", "description", "members", "created", ""].map((k) => (k ? t(`contacts.groups.${k}`) : ""))
  return (
    <div className="mc-page mc-report" data-testid="groups-page">
      <PageHeader
        title={t("routes.contactGroups")}
        subtitle={t("contacts.groups.subtitle")}
        actions={
          <Button
            icon="add"
            intent="primary"
            text={t("contacts.groups.new")}
            disabled={!editor}
            data-testid="group-new"
            onClick={() => editor?.send({ type: "OPEN", id: null, draft: { name: "", description: "" } })}
          />
        }
      />
      <ReportFilters actor={actor} testId="groups" buttons="none">
        <ReportSearch actor={actor} label={t("contacts.list.searchLabel")} placeholder={t("contacts.groups.name")} testId="groups-search" />
      </ReportFilters>
      <ReportFailure actor={actor} />
      <ReportTable actor={actor} testId="groups-table" columns={columns} emptyText={t("contacts.groups.noRows")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="group-row">
            <td>{row.name}</td>
            <td>{row.description ?? ""}</td>
            <td className="mc-num">{row.contact_count}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            <td>
              <Button
                size="small"
                variant="minimal"
                icon="people"
                text={t("contacts.groups.members")}
                onClick={() => navigate(contactsLink({ group: row.id }))}
              />
              <Button
                size="small"
                variant="minimal"
                icon="edit"
                text={t("contacts.groups.edit")}
                disabled={!editor}
                onClick={() => editor?.send({ type: "OPEN", id: row.id, draft: { name: row.name, description: row.description ?? "" } })}
              />
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? (
        <EditorDialog
          actor={editor}
          testId="group-editor"
          title={(isNew) => t(isNew ? "contacts.groups.new" : "contacts.groups.edit")}
          fields={[
            { key: "name", label: t("contacts.groups.name") },
            { key: "description", label: t("contacts.groups.description") },
          ]}
          onSaved={reload}
        />
      ) : null}
    </div>
  )
}
