/** The dashboard's figure boxes: the live "now" boxes and the chosen days' totals and times. */
import { Tag } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { DashboardNow, InfoBoxes, TimeMetric } from "../../contract/schemas/reports"
import type { Card } from "../../machines/dashboard/dashboard-figures"
import { Box, CardFailure, useDuration } from "./DashboardParts"
import { useCount } from "../common/use-count"

/**
 * Conversations open, waiting and unassigned, agents online: moved by the socket's events while `live`; `asRead` for
 * a business the super admin picked, whose values only a read (Refresh) moves.
 */
export const NowBoxes = ({
  now,
  live,
  asRead = false,
  boxes,
  onRetry,
}: {
  now: DashboardNow | null
  live: boolean
  asRead?: boolean
  boxes: Card<InfoBoxes> | undefined
  onRetry: () => void
}) => {
  const { t } = useTranslation()
  const count = useCount()
  const zeroText = t("dashboard.zero.now")
  const box = (id: "open" | "waiting" | "unassigned", key: keyof DashboardNow & string) => {
    const value = now ? (now[key] as number) : null
    return (
      <Box
        id={`now-${id}`}
        label={t(`dashboard.box.${id}`)}
        value={value === null ? null : count(value)}
        zero={value === 0}
        zeroText={zeroText}
      />
    )
  }
  return (
    <section className="mc-dash-section" aria-labelledby="dash-now-title" data-testid="dash-now">
      <h2 className="mc-dash-section-head" id="dash-now-title">
        {t("dashboard.now.title")}
        {asRead ? (
          <Tag minimal icon="history" data-testid="dash-as-read">
            {t("platform.picker.asRead")}
          </Tag>
        ) : live ? (
          <Tag minimal intent="success" icon="feed" data-testid="dash-live">
            {t("dashboard.now.live")}
          </Tag>
        ) : now ? (
          <Tag minimal intent="warning" icon="offline" data-testid="dash-offline">
            {t("dashboard.now.offline")}
          </Tag>
        ) : null}
      </h2>
      {!now && boxes?.failure ? <CardFailure card={boxes} onRetry={onRetry} testId="dash-now" /> : null}
      {!now && boxes?.failure ? null : (
        <div className="mc-dash-boxes">
          {box("open", "open")}
          {box("waiting", "waiting")}
          {box("unassigned", "unassigned")}
          <Box
            id="now-agentsOnline"
            label={t("dashboard.box.agentsOnline")}
            value={now ? count(now.agents_online) : null}
            zero={now?.agents_online === 0}
            zeroText={zeroText}
            hint={now ? t("dashboard.box.ofAgents", { total: count(now.agents_total) }) : undefined}
          />
        </div>
      )}
    </section>
  )
}

export const RangeBoxes = ({ boxes, onRetry }: { boxes: Card<InfoBoxes> | undefined; onRetry: () => void }) => {
  const { t } = useTranslation()
  const count = useCount()
  const duration = useDuration()
  const v = boxes?.value ?? null
  const zeroText = t("dashboard.zero.range")
  const countBox = (id: string, value: number | undefined) => (
    <Box
      id={id}
      label={t(`dashboard.box.${id}`)}
      value={value === undefined ? null : count(value)}
      zero={value === 0}
      zeroText={zeroText}
    />
  )
  const timeBox = (id: string, metric: TimeMetric | undefined, none: string) => (
    <Box
      id={id}
      label={t(`dashboard.box.${id}`)}
      value={metric === undefined ? null : metric.avg_seconds === null ? "—" : duration(metric.avg_seconds)}
      zero={metric?.avg_seconds === null}
      zeroText={none}
      hint={metric ? t("dashboard.box.over", { count: metric.count }) : undefined}
    />
  )
  const level = v?.service_level
  return (
    <section className="mc-dash-section" aria-labelledby="dash-range-title" data-testid="dash-range-boxes">
      <h2 className="mc-dash-section-head" id="dash-range-title">
        {t("dashboard.range.title")}
      </h2>
      {boxes?.failure ? (
        <CardFailure card={boxes} onRetry={onRetry} testId="dash-boxes" />
      ) : (
        <div className="mc-dash-boxes">
          {countBox("conversations", v?.conversations)}
          {timeBox("firstResponse", v?.first_response, t("dashboard.zero.noAnswers"))}
          {timeBox("aht", v?.aht, t("dashboard.zero.noClosed"))}
          <Box
            id="serviceLevel"
            label={t("dashboard.box.serviceLevel")}
            value={level === undefined ? null : level.percent === null ? "—" : t("dashboard.percent", { value: count(level.percent) })}
            zero={level?.percent === null}
            zeroText={t("dashboard.zero.noAnswers")}
            hint={level ? t("dashboard.box.serviceLevelHint", { seconds: level.threshold_seconds }) : undefined}
          />
          {countBox("messagesIn", v?.messages_in)}
          {countBox("messagesOut", v?.messages_out)}
          {countBox("callsAnswered", v?.calls_answered)}
          {countBox("callsMissed", v?.calls_missed)}
        </div>
      )}
    </section>
  )
}
