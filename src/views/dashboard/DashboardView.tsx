/**
 * The dashboard (/apps/dashboard "Dashboard" and /dashboard "Intelligence"), on its page actor `dashboard`: the range
 * picker with Refresh, the figure boxes, and the panels of the chosen days. Thin: every number comes from the actor.
 * A super admin picks the business in the filter card first, the range beside it; until then the page shows nothing else.
 */
import "./dashboard.css"
import { Button, Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { ScreenProps } from "../../app/feature"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import type { dashboardMachine } from "../../machines/dashboard/dashboard-machine"
import { localDay, MAX_RANGE_DAYS } from "../../machines/dashboard/dashboard-range"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { FilterCard } from "../common/FilterCard"
import { PageHeader } from "../common/PageHeader"
import { BusinessFilter } from "../platform/BusinessFilter"
import { DateRange } from "../report-kit/DateRange"
import "../report-kit/report-kit.css"
import { CallsPanel, CampaignsPanel, HeatmapPanel, TemplatesPanel, TerritoriesPanel, TicketsPanel, TrendPanel } from "./DashboardCharts"
import { NowBoxes, RangeBoxes } from "./DashboardBoxes"

type DashboardActor = ActorRefFrom<typeof dashboardMachine>

const Dashboard = ({ actor, routeKey }: { actor: DashboardActor; routeKey: string }) => {
  const { t } = useTranslation()
  const picks = useSelector(actor, (s) => s.context.picks)
  const clientId = useSelector(actor, (s) => s.context.clientId)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const refresh = () => actor.send({ type: "REFRESH" })
  const unpicked = picks && clientId === null
  // The range is a filter of a business's figures: a super admin sees it beside the picker once a business is picked.
  const range = unpicked ? null : <Range actor={actor} />
  return (
    <div className="mc-page mc-dash" aria-busy={loading} data-testid="dashboard">
      <PageHeader
        title={t(`routes.${routeKey}`)}
        subtitle={t(routeKey === "intelligence" ? "dashboard.intelligenceSubtitle" : "dashboard.subtitle")}
        actions={<Button icon="refresh" loading={loading} onClick={refresh} data-testid="dash-refresh" text={t("dashboard.refresh")} />}
      />
      {picks ? (
        <BusinessFilter
          clientId={clientId}
          onPick={(business) => actor.send({ type: "BUSINESS.PICK", clientId: business.id })}
          testId="dash-business"
        >
          {range}
        </BusinessFilter>
      ) : (
        <FilterCard testId="dash-filters">{range}</FilterCard>
      )}
      {unpicked ? null : <Figures actor={actor} />}
    </div>
  )
}

const Range = ({ actor }: { actor: DashboardActor }) => {
  const draft = useSelector(actor, (s) => s.context.draft)
  return (
    <DateRange
      start={draft.start}
      end={draft.end}
      testId="dash-range"
      onChange={(start, end) => actor.send({ type: "RANGE.SET", range: { start, end } })}
    />
  )
}

/** What the range holds, for the business the page shows. */
const Figures = ({ actor }: { actor: DashboardActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor, (s) => s.context)
  // The socket speaks for the caller's own business: a picked business's boxes are as last read, not live.
  const live = useSelector(actor, (s) => s.hasTag("live") && !s.context.picks)
  const refresh = () => actor.send({ type: "REFRESH" })
  const { figures, range, picks } = context
  return (
    <>
      {context.rangeProblem ? (
        <Callout intent="warning" icon="calendar" data-testid="dash-range-problem">
          {t(`dashboard.rangeProblem.${context.rangeProblem}`, { days: MAX_RANGE_DAYS })}
        </Callout>
      ) : null}
      {context.failure ? (
        <Callout intent="danger" icon="error" data-testid="dash-failed">
          {t("dashboard.failed", { message: failureText(context.failure) })}{" "}
          <Button size="small" variant="minimal" icon="refresh" text={t("dashboard.retry")} onClick={refresh} />
        </Callout>
      ) : null}
      <NowBoxes now={context.live.now} live={live} asRead={picks} boxes={figures?.boxes} onRetry={refresh} />
      <RangeBoxes boxes={figures?.boxes} onRetry={refresh} />
      <div className="mc-dash-grid">
        <TrendPanel figures={figures} range={range} onRetry={refresh} />
        <HeatmapPanel figures={figures} onRetry={refresh} />
        <TicketsPanel figures={figures} onRetry={refresh} />
        <CallsPanel figures={figures} onRetry={refresh} />
        <TemplatesPanel figures={figures} onRetry={refresh} />
        <CampaignsPanel figures={figures} onRetry={refresh} />
        <TerritoriesPanel figures={figures} onRetry={refresh} />
      </div>
    </>
  )
}

export const DashboardView = ({ routeKey }: ScreenProps) => {
  // Today is read once per visit: the default range is counted from it.
  const [today] = useState(() => localDay(new Date()))
  const picks = useSelector(useAclActor(), selectSuperAdmin)
  const actor = usePageActor<DashboardActor>("dashboard", { today, picks })
  return actor ? <Dashboard actor={actor} routeKey={routeKey} /> : null
}

export default DashboardView
