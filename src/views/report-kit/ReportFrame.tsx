/**
 * The table card every report shares, bound to its report actor: header row, body rows, the loading veil, the empty
 * state and the pager; and the failure callout the workspace lists show above it.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core"
import { selectEmpty, selectFailure, selectLoading } from "../../machines/report-kit/report-selectors"
import { useFailureText } from "../common/failure-text"
import { Pager } from "./Pager"
import type { AnyReportActor } from "./report-hooks"

export const ReportTable = ({
  actor,
  columns,
  emptyText,
  children,
  testId,
}: {
  actor: AnyReportActor
  columns: readonly string[]
  emptyText: string
  children: ReactNode
  testId: string
}) => {
  const { t } = useTranslation()
  const loading = useSelector(actor, selectLoading)
  const empty = useSelector(actor, selectEmpty)
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
      <Pager actor={actor} />
    </div>
  )
}

/** The last load's failure, said honestly (a call that answers 501 names itself), with a retry; no rows are invented. */
export const ReportFailure = ({ actor }: { actor: AnyReportActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const failure = useSelector(actor, selectFailure)
  if (!failure) return null
  return (
    <Callout intent="danger" icon="error" data-testid="ws-error">
      {t("reports.common.loadFailed", { message: failureText(failure) })}{" "}
      <Button
        size="small"
        variant="minimal"
        icon="refresh"
        text={t("reports.common.retry")}
        onClick={() => actor.send({ type: "REPORT.RELOAD" })}
      />
    </Callout>
  )
}
