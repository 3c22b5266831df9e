/**
 * What the super admin's two business lists share (BusinessesView, RegistrationsView): the super-admin gate (anyone
 * else opens their own company area), the page with its search and one select filter applied at once, the paged table
 * whose row opens the business's drawer (BusinessPanel). Each list names its columns, its filter and its own cells.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { HTMLSelect } from "@blueprintjs/core"
import { Navigate } from "react-router-dom"
import type { Client } from "../../contract/schemas/tenants"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { COMPANY_DETAILS } from "../../machines/acl/decide"
import { formatDateTime } from "../../machines/report-kit/format"
import type { ReportId } from "../../machines/system-ids"
import { useAclActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { type AnyReportActor, useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { BusinessPanel, useBusinessDetail } from "./BusinessPanel"
import "../report-kit/report-kit.css"
import "./businesses.css"

/** The one select filter of a list: which draft field it sets, its label and options (already translated). */
export interface ListFilter {
  readonly field: string
  readonly label: string
  readonly options: readonly { readonly value: string; readonly label: string }[]
}

interface BusinessListFrameProps {
  /** The list's report actor (`report-businesses`, `report-registrations`) and its test-id prefix. */
  readonly systemId: ReportId
  readonly name: "businesses" | "registrations"
  readonly title: string
  readonly subtitle: string
  readonly emptyText: string
  readonly filter: ListFilter
  /** Column headers between the name, e-mail and phone and the registration date. */
  readonly middleColumns: readonly string[]
  /** The cells of those columns for one row. */
  readonly middleCells?: (row: Client) => ReactNode
  readonly rowProps?: (row: Client) => Record<string, string>
}

/** The page for the super admin; anyone else manages their own business, so they go to its company area. */
export const BusinessListFrame = (props: BusinessListFrameProps) => {
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  if (!superAdmin) return <Navigate to={COMPANY_DETAILS} replace />
  return <BusinessList {...props} />
}

const BusinessList = ({
  systemId,
  name,
  title,
  subtitle,
  emptyText,
  filter,
  middleColumns,
  middleCells,
  rowProps,
}: BusinessListFrameProps) => {
  const { t } = useTranslation()
  const list = useReportActor<AnyReportActor>(systemId)
  const detail = useBusinessDetail()
  const rows = useSelector(list, (s) => s.context.rows as readonly Client[])
  const value = useSelector(list, (s) => String((s.context.draft as Record<string, unknown>)[filter.field]))
  const row = name === "businesses" ? "business" : "registration"
  const columns = [
    t("businesses.columns.name"),
    t("businesses.columns.email"),
    t("businesses.columns.phone"),
    ...middleColumns,
    t("businesses.columns.registered"),
  ]
  return (
    <div className="mc-page mc-report" data-testid={`${name}-page`}>
      <PageHeader title={title} subtitle={subtitle} />
      <ReportFilters actor={list} testId={`${name}-filters`} buttons="none">
        <ReportSearch
          actor={list}
          label={t("businesses.search")}
          placeholder={t("businesses.searchPlaceholder")}
          testId={`${name}-search`}
        />
        <label className="mc-filter">
          <span>{filter.label}</span>
          <HTMLSelect
            value={value}
            onChange={(e) => {
              list.send({ type: "FILTER.CHANGE", patch: { [filter.field]: e.currentTarget.value } })
              list.send({ type: "FILTER.APPLY" })
            }}
            data-testid={`${name}-${filter.field}`}
          >
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId={`${name}-table`} columns={columns} emptyText={emptyText}>
        {rows.map((client) => (
          <tr
            key={client.id}
            className="mc-clickable"
            onClick={() => detail?.send({ type: "OPEN", clientId: client.id })}
            data-testid={`${row}-row`}
            {...rowProps?.(client)}
          >
            <td>
              <button type="button" className="mc-link" data-testid={`${row}-row-open`}>
                {client.name}
              </button>
            </td>
            <td dir="ltr">{client.email}</td>
            <td dir="ltr" className="mc-num">
              {client.phone ?? ""}
            </td>
            {middleCells?.(client)}
            <td className="mc-num">{formatDateTime(client.created_at)}</td>
          </tr>
        ))}
      </ReportTable>
      {detail ? <BusinessPanel actor={detail} /> : null}
    </div>
  )
}
