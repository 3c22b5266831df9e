/**
 * Permissions (/apps/permissions): every key a role can grant on `report-permissions` (search, paging), with its
 * section, what it opens (the screen's title, or the server calls it lets through) and the roles holding it.
 * Roles are edited on /apps/roles; the catalogue itself is the platform's.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { entryOf, sectionsOf } from "../../machines/admin/access-catalogue"
import type { permissionsListMachine } from "../../machines/admin/lists"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { CallsLine, useOpensText, useSectionTitle } from "./PermissionEditor"
import "../report-kit/report-kit.css"
import "./admin.css"

type ListActor = ActorRefFrom<typeof permissionsListMachine>

export const PermissionsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-permissions")
  const rows = useSelector(list, (s) => s.context.rows)
  const meta = useSelector(list, (s) => s.context.meta)
  const titleOf = useSectionTitle()
  const opens = useOpensText()
  const sections = useMemo(() => sectionsOf(rows), [rows])
  const sectionOf = (id: number) => sections.find((section) => section.entries.some((entry) => entry.permission.id === id))
  const columns = [t("admin.permissions.opens"), t("admin.permissions.key"), t("admin.permissions.heldBy")]
  return (
    <div className="mc-page mc-report" data-testid="permissions-page">
      <PageHeader title={t("admin.permissions.title")} subtitle={t("admin.permissions.subtitle")} />
      <ReportFilters actor={list} testId="permissions-filters" buttons="none">
        <ReportSearch
          actor={list}
          label={t("admin.permissions.search")}
          placeholder={t("admin.permissions.searchHint")}
          testId="permissions-search"
        />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="permissions-table" columns={columns} emptyText={t("admin.permissions.empty")}>
        {rows.map((row) => {
          const entry = entryOf(row)
          const section = sectionOf(row.id)
          const holders = (meta?.roles ?? []).filter((role) => role.permission_ids.includes(row.id))
          return (
            <tr key={row.id} data-testid="permission-row" data-key={row.key}>
              <td>
                <div>{opens(entry)}</div>
                <div className="mc-perm-count">{section ? titleOf(section) : null}</div>
              </td>
              <td>
                <CallsLine entry={entry} />
                {row.kind === "back" ? (
                  <div className="mc-perm-count">{t("admin.permissions.callsCount", { count: entry.calls.length })}</div>
                ) : null}
              </td>
              <td data-testid="permission-holders">
                {holders.length
                  ? holders.map((role) => (
                      <Tag key={role.id} minimal className="mc-preview-item">
                        {role.name}
                      </Tag>
                    ))
                  : t("admin.permissions.nobody")}
              </td>
            </tr>
          )
        })}
      </ReportTable>
    </div>
  )
}
