/** /report/sub-account-report: template messages per user and their cost, on `report-sub-account`. */
import { subAccountColumns } from "../../machines/reports/sub-account-report"
import { ColumnTable } from "../report-kit/ColumnTable"
import { ConversationFilterBar } from "../report-kit/ConversationFilterBar"
import { ReportLayout } from "./ReportLayout"
import { useReport } from "./report-view-hooks"

export const SubAccountReportView = () => {
  const { actor } = useReport<object>("report-sub-account")
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
}
