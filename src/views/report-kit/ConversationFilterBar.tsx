/**
 * The filter bar of the reports on conversations (machines/report-kit/conversation-filters.ts): the date range, and
 * the channel and agent selects where the report has them, then the report's own fields and Apply / Clear.
 * The agents come with the report's page (agent-choices.ts); when they could not be read the select says so.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { HTMLSelect } from "@blueprintjs/core"
import type { AgentChoices } from "../../machines/report-kit/paged"
import { CHANNELS } from "../../machines/report-kit/paged"
import { DateRange } from "./DateRange"
import { FilterProblem } from "./FilterProblem"
import type { AnyReportActor } from "./report-hooks"
import { ReportFilters } from "./ReportFilters"

interface Draft {
  readonly startDate: string
  readonly endDate: string
  readonly channel?: string
  readonly agent?: string
}

export const ConversationFilterBar = ({
  actor,
  testId,
  channel = false,
  agent = false,
  children,
}: {
  actor: AnyReportActor
  testId: string
  channel?: boolean
  agent?: boolean
  children?: ReactNode
}) => {
  const { t } = useTranslation()
  const draft = useSelector(actor, (s) => s.context.draft as Draft)
  const agents = useSelector(actor, (s) => (s.context.meta as Partial<AgentChoices> | undefined)?.agents ?? [])
  const agentsFailed = useSelector(actor, (s) => Boolean((s.context.meta as Partial<AgentChoices> | undefined)?.agentsError))
  const change = (patch: Partial<Draft>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <>
      <ReportFilters actor={actor} testId={testId}>
        <DateRange
          reversed
          testId={`${testId}-range`}
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        {channel ? (
          <label className="mc-report-field">
            <span>{t("reportKit.filters.channel")}</span>
            <HTMLSelect
              value={draft.channel ?? ""}
              onChange={(e) => change({ channel: e.currentTarget.value })}
              data-testid={`${testId}-channel`}
            >
              <option value="">{t("reportKit.common.all")}</option>
              {CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`reportKit.channels.${c}`)}
                </option>
              ))}
            </HTMLSelect>
          </label>
        ) : null}
        {agent ? (
          <label className="mc-report-field">
            <span>{t("reportKit.filters.agent")}</span>
            <HTMLSelect
              value={draft.agent ?? ""}
              onChange={(e) => change({ agent: e.currentTarget.value })}
              data-testid={`${testId}-agent`}
            >
              <option value="">{agentsFailed ? t("reportKit.filters.agentsFailed") : t("reportKit.common.all")}</option>
              {agents.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {a.username}
                </option>
              ))}
            </HTMLSelect>
          </label>
        ) : null}
        {children}
      </ReportFilters>
      <FilterProblem actor={actor} />
    </>
  )
}
