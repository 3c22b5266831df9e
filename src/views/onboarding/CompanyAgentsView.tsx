/** The company sub-page Agents: the business's agents on `report-company-agents`, searchable, online or offline. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { companyAgentsMachine } from "../../machines/onboarding/company-agents"
import { PageHeader } from "../common/PageHeader"
import { ReportBusiness } from "../reports/ReportBusiness"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"

type ListActor = ActorRefFrom<typeof companyAgentsMachine>

export const CompanyAgentsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-company-agents", { forBusiness: true })
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("onboarding.agents.username"), t("onboarding.agents.name"), t("onboarding.agents.status")]
  return (
    <div className="mc-page mc-report" data-testid="company-agents-page">
      <PageHeader title={t("onboarding.agents.title")} subtitle={t("onboarding.agents.subtitle")} />
      <ReportBusiness
        actor={list}
        testId="company-agents-business"
        filters={
          <ReportFilters actor={list} testId="company-agents-filters" buttons="none">
            <ReportSearch
              actor={list}
              label={t("onboarding.agents.search")}
              placeholder={t("onboarding.agents.username")}
              testId="company-agents-search"
            />
          </ReportFilters>
        }
      >
        <ReportFailure actor={list} />
        <ReportTable actor={list} testId="company-agents-table" columns={columns} emptyText={t("onboarding.agents.empty")}>
          {rows.map((row) => (
            <tr key={row.id} data-testid="company-agent-row" data-username={row.username}>
              <td dir="ltr">{row.username}</td>
              <td>{row.display_name ?? ""}</td>
              <td>
                <Tag intent={row.online ? "success" : "none"} minimal>
                  {t(row.online ? "onboarding.agents.online" : "onboarding.agents.offline")}
                </Tag>
              </td>
            </tr>
          ))}
        </ReportTable>
      </ReportBusiness>
    </div>
  )
}
