/**
 * The table card every report shares, bound to its report actor: header row, body rows, the loading veil, the empty
 * state and the pager; and the failure callout the workspace lists show above it.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Classes, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core"
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
  label,
  tabPanel,
}: {
  actor: AnyReportActor
  columns: readonly string[]
  emptyText: string
  children: ReactNode
  testId: string
  /** The table's name for assistive technology (the screen's title); "Results" when not given. */
  label?: string
  /** The tabs (Blueprint `Tabs` id and the selected tab) whose rows this table lists: the table is their panel. */
  tabPanel?: { readonly tabs: string; readonly tab: string }
}) => {
  const { t } = useTranslation()
  const loading = useSelector(actor, selectLoading)
  const empty = useSelector(actor, selectEmpty)
  const panel = tabPanel
    ? {
        role: "tabpanel",
        id: `${Classes.TAB_PANEL}_${tabPanel.tabs}_${tabPanel.tab}`,
        "aria-labelledby": `${Classes.TAB}-title_${tabPanel.tabs}_${tabPanel.tab}`,
      }
    : {}
  return (
    <div className="mc-card" {...panel}>
      {/* A wide table scrolls sideways: a named region, focusable so a keyboard can scroll it. */}
      <section
        className="mc-report-table-wrap"
        aria-busy={loading}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        tabIndex={0}
        aria-label={label ?? t("reportKit.common.results")}
      >
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
          <div className="mc-report-loading" data-testid="report-loading" role="status" aria-label={t("reportKit.common.loading")}>
            <Spinner size={28} />
          </div>
        ) : null}
      </section>
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
      {t("reportKit.common.loadFailed", { message: failureText(failure) })}{" "}
      <Button
        size="small"
        variant="minimal"
        icon="refresh"
        text={t("reportKit.common.retry")}
        onClick={() => actor.send({ type: "REPORT.RELOAD" })}
      />
    </Callout>
  )
}
