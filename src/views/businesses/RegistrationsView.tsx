/**
 * /apps/company-forms for the super admin: the registrations waiting for review (`report-registrations`, by stage);
 * a row opens the business's drawer, with its documents and the review's moves.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, HTMLSelect } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { ReviewStage, registrationListMachine } from "../../machines/businesses/business-lists"
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

type ListActor = ActorRefFrom<typeof registrationListMachine>

export const RegistrationsView = () => {
  const { t } = useTranslation()
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  if (!superAdmin)
    return (
      <div className="mc-page">
        <PageHeader title={t("businesses.reviewTitle")} />
        <Callout data-testid="businesses-not-admin">{t("businesses.notSuperAdmin")}</Callout>
      </div>
    )
  return <RegistrationList />
}

const RegistrationList = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-registrations")
  const detail = useBusinessDetail()
  const rows = useSelector(list, (s) => s.context.rows)
  const stage = useSelector(list, (s) => s.context.draft.stage)
  const columns = [
    t("businesses.columns.name"),
    t("businesses.columns.email"),
    t("businesses.columns.phone"),
    t("businesses.columns.registered"),
  ]
  return (
    <div className="mc-page mc-report" data-testid="registrations-page">
      <PageHeader title={t("businesses.reviewTitle")} subtitle={t("businesses.reviewSubtitle")} />
      <ReportFilters actor={list} testId="registrations-filters" buttons="none">
        <ReportSearch
          actor={list}
          label={t("businesses.search")}
          placeholder={t("businesses.searchPlaceholder")}
          testId="registrations-search"
        />
        <label className="mc-filter">
          <span>{t("businesses.stage")}</span>
          <HTMLSelect
            value={stage}
            onChange={(e) => {
              list.send({ type: "FILTER.CHANGE", patch: { stage: e.currentTarget.value as ReviewStage } })
              list.send({ type: "FILTER.APPLY" })
            }}
            data-testid="registrations-stage"
          >
            {(["submitted", "in_review"] as const).map((value) => (
              <option key={value} value={value}>
                {t(`businesses.stages.${value}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="registrations-table" columns={columns} emptyText={t("businesses.emptyReview")}>
        {rows.map((row) => (
          <tr
            key={row.id}
            className="mc-clickable"
            onClick={() => detail?.send({ type: "OPEN", clientId: row.id })}
            data-testid="registration-row"
          >
            <td>
              <button type="button" className="mc-link" data-testid="registration-row-open">
                {row.name}
              </button>
            </td>
            <td dir="ltr">{row.email}</td>
            <td dir="ltr" className="mc-num">
              {row.phone ?? ""}
            </td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
          </tr>
        ))}
      </ReportTable>
      {detail ? <BusinessPanel actor={detail} /> : null}
    </div>
  )
}
