/** The table card every report shares: header row, body rows, the loading veil, the empty state and the pager. */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core"
import { Pager } from "./Pager"

export const ReportTable = ({
  columns,
  loading,
  empty,
  emptyText,
  children,
  pager,
  testId,
}: {
  columns: readonly string[]
  loading: boolean
  empty: boolean
  emptyText: string
  children: ReactNode
  pager: Parameters<typeof Pager>[0]
  testId: string
}) => {
  const { t } = useTranslation()
  return (
    <div className="mc-card">
      <div className="mc-report-table-wrap" aria-busy={loading}>
        <HTMLTable className="mc-report-table" striped interactive compact data-testid={testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </HTMLTable>
        {empty && !loading ? (
          <div className="mc-report-empty" data-testid="report-empty">
            <NonIdealState icon="search" title={emptyText} />
          </div>
        ) : null}
        {loading ? (
          <div className="mc-report-loading" data-testid="report-loading" role="status" aria-label={t("reports.common.loading")}>
            <Spinner size={28} />
          </div>
        ) : null}
      </div>
      <Pager {...pager} />
    </div>
  )
}
