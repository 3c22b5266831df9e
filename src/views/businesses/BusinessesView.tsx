/**
 * /apps/company-profile for the super admin: every business (`report-businesses`, searched and filtered by state);
 * a row opens its detail drawer (BusinessPanel). Anyone else manages their own business in the company pages.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, HTMLSelect, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { BusinessState, businessListMachine } from "../../machines/businesses/business-lists"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { formatDateTime } from "../../machines/report-kit/format"
import { useAclActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { BusinessPanel, useBusinessDetail } from "./BusinessPanel"
import "../report-kit/report-kit.css"
import "./businesses.css"

type ListActor = ActorRefFrom<typeof businessListMachine>

export const BusinessesView = () => {
  const { t } = useTranslation()
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  if (!superAdmin)
    return (
      <div className="mc-page">
        <PageHeader title={t("businesses.title")} />
        <Callout data-testid="businesses-not-admin">{t("businesses.notSuperAdmin")}</Callout>
      </div>
    )
  return <BusinessList />
}

const BusinessList = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-businesses")
  const detail = useBusinessDetail()
  const rows = useSelector(list, (s) => s.context.rows)
  const state = useSelector(list, (s) => s.context.draft.state)
  const columns = [
    t("businesses.columns.name"),
    t("businesses.columns.email"),
    t("businesses.columns.phone"),
    t("businesses.columns.status"),
    t("businesses.columns.registered"),
  ]
  return (
    <div className="mc-page mc-report" data-testid="businesses-page">
      <PageHeader title={t("businesses.title")} subtitle={t("businesses.subtitle")} />
      <ReportFilters actor={list} testId="businesses-filters" buttons="none">
        <ReportSearch
          actor={list}
          label={t("businesses.search")}
          placeholder={t("businesses.searchPlaceholder")}
          testId="businesses-search"
        />
        <label className="mc-filter">
          <span>{t("businesses.state")}</span>
          <HTMLSelect
            value={state}
            onChange={(e) => {
              list.send({ type: "FILTER.CHANGE", patch: { state: e.currentTarget.value as BusinessState } })
              list.send({ type: "FILTER.APPLY" })
            }}
            data-testid="businesses-state"
          >
            {(["all", "active", "inactive"] as const).map((value) => (
              <option key={value} value={value}>
                {t(`businesses.states.${value}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="businesses-table" columns={columns} emptyText={t("businesses.empty")}>
        {rows.map((row) => (
          <tr
            key={row.id}
            className="mc-clickable"
            onClick={() => detail?.send({ type: "OPEN", clientId: row.id })}
            data-testid="business-row"
            data-active={row.active ? "true" : "false"}
          >
            <td>
              <button type="button" className="mc-link" data-testid="business-row-open">
                {row.name}
              </button>
            </td>
            <td dir="ltr">{row.email}</td>
            <td dir="ltr" className="mc-num">
              {row.phone ?? ""}
            </td>
            <td>
              <Tag intent={row.active ? "success" : "none"} minimal>
                {row.onboarding_status === "approved"
                  ? t(row.active ? "businesses.active" : "businesses.inactive")
                  : t(`businesses.onboarding.${row.onboarding_status}`)}
              </Tag>
            </td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
          </tr>
        ))}
      </ReportTable>
      {detail ? <BusinessPanel actor={detail} /> : null}
    </div>
  )
}
