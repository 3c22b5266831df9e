/** /report/sub-account-report: template messages per user and their cost, on `report-sub-account`. */
import { subAccountColumns } from "../../machines/reports/sub-account-report"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { businessReport } from "../report-kit/PageReport"
import { ReportLayout } from "./ReportLayout"

export const SubAccountReportView = businessReport("report-sub-account", ({ actor }) => {
  return (
    <ReportLayout
      actor={actor}
      routeKey="subAccountReport"
      testId="sub-account"
      filters={<ConversationFilterBar actor={actor} testId="sub-account" channel agent />}
      table={
        <ColumnTable
          actor={actor}
          columns={subAccountColumns}
          testId="sub-account-table"
          rowKey={(r, i) => `${r.username}-${r.template_name}-${i}`}
        />
      }
    />
  )
})
