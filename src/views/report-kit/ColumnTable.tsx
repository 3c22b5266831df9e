/** A report's table drawn from its columns (machines/report-kit/columns.ts): the headers in the user's language, one row per row. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import type { Column } from "../../machines/report-kit/columns"
import { isNumeric, useCellText } from "./cell-text"
import type { AnyReportActor } from "./report-hooks"
import { ReportTable } from "./ReportFrame"

export const ColumnTable = <Row,>({
  actor,
  columns,
  testId,
  rowKey,
}: {
  actor: AnyReportActor
  columns: readonly Column<Row>[]
  testId: string
  rowKey: (row: Row, index: number) => string | number
}) => {
  const { t } = useTranslation()
  const text = useCellText()
  const rows = useSelector(actor, (s) => s.context.rows as readonly Row[])
  return (
    <ReportTable
      actor={actor}
      testId={testId}
      columns={columns.map((c) => t(`reportKit.columns.${c.key}`))}
      emptyText={t("reportKit.common.noRows")}
    >
      {rows.map((row, index) => (
        <tr key={rowKey(row, index)} data-testid={`${testId}-row`}>
          {columns.map((c) => (
            // Free text takes its own direction: an English name in an Arabic table is cut at its end, not its start.
            <td
              key={c.key}
              className={isNumeric(c.kind) ? "mc-num" : undefined}
              dir={c.kind === "text" ? "auto" : undefined}
              data-col={c.key}
            >
              {text(c.kind, c.value(row))}
            </td>
          ))}
        </tr>
      ))}
    </ReportTable>
  )
}
