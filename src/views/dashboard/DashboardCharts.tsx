/** The dashboard's range panels: the daily trend, tickets by status, calls, template funnel, campaigns, territories. */
import { HTMLTable, Tag } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { DashboardFigures } from "../../machines/dashboard/dashboard-figures"
import type { DayRange } from "../../machines/dashboard/dashboard-range"
import { heatOf, templateFunnelOf, ticketStatusesOf, trendOf } from "../../machines/dashboard/dashboard-selectors"
import { Chart } from "../chart-kit/Chart"
import { useFormat } from "../common/format"
import { Panel, useDuration } from "./DashboardParts"
import { useCount } from "../common/use-count"

interface PanelsProps {
  readonly figures: DashboardFigures | null
  readonly range: DayRange
  readonly onRetry: () => void
}

/** `YYYY-MM-DD` as the console writes days (DD-MM). */
const dayLabel = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`

export const TrendPanel = ({ figures, range, onRetry }: PanelsProps) => {
  const { t } = useTranslation()
  return (
    <Panel title={t("dashboard.trend.title")} card={figures?.messages} onRetry={onRetry} testId="dash-trend" chart wide>
      {(stats) => {
        const trend = trendOf(stats, range)
        return (
          <Chart
            kind={trend.categories.length > 14 ? "line" : "bar"}
            title={t("dashboard.trend.title")}
            categoryLabel={t("dashboard.trend.day")}
            categories={trend.categories.map(dayLabel)}
            series={trend.series.map((s) => ({ name: t(`dashboard.trend.${s.key}`), data: s.data }))}
            testId="chart-trend"
          />
        )
      }}
    </Panel>
  )
}

export const HeatmapPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  return (
    <Panel title={t("dashboard.heatmap.title")} card={figures?.heatmap} onRetry={onRetry} testId="dash-heatmap" chart wide>
      {(heat) => {
        const map = heatOf(heat)
        return (
          <Chart
            kind="heatmap"
            title={t("dashboard.heatmap.title")}
            categoryLabel={t("dashboard.heatmap.hour")}
            categories={map.categories}
            series={map.series.map((s) => ({ name: t(`dashboard.weekday.${s.key}`), data: s.data }))}
            height={300}
            testId="chart-heatmap"
          />
        )
      }}
    </Panel>
  )
}

export const TicketsPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Panel title={t("dashboard.tickets.title")} card={figures?.tickets} onRetry={onRetry} testId="dash-tickets" chart>
      {(tickets) => {
        const statuses = ticketStatusesOf(tickets)
        return (
          <Chart
            kind="pie"
            title={t("dashboard.tickets.title")}
            categoryLabel={t("dashboard.tickets.status")}
            categories={statuses.categories.map((status) => format.enumValue("ticketStatus", status))}
            series={[{ name: t("dashboard.tickets.count"), data: statuses.series[0]?.data ?? [] }]}
            testId="chart-tickets"
          />
        )
      }}
    </Panel>
  )
}

export const CallsPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  const count = useCount()
  const duration = useDuration()
  return (
    <Panel title={t("dashboard.calls.title")} card={figures?.calls} onRetry={onRetry} testId="dash-calls">
      {(calls) => (
        <dl className="mc-dash-pairs">
          {(["total", "incoming", "outgoing", "answered", "missed", "rejected"] as const).map((key) => (
            <div key={key} data-testid={`calls-${key}`}>
              <dt>{t(`dashboard.calls.${key}`)}</dt>
              <dd className="mc-num">{count(calls[key])}</dd>
            </div>
          ))}
          <div data-testid="calls-avgDuration">
            <dt>{t("dashboard.calls.avgDuration")}</dt>
            <dd>{calls.answered > 0 ? duration(calls.avg_duration) : "—"}</dd>
          </div>
        </dl>
      )}
    </Panel>
  )
}

export const TemplatesPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  return (
    <Panel title={t("dashboard.templates.title")} card={figures?.templates} onRetry={onRetry} testId="dash-templates" chart>
      {(templates) => {
        const funnel = templateFunnelOf(templates)
        return (
          <Chart
            kind="bar"
            title={t("dashboard.templates.title")}
            categoryLabel={t("dashboard.templates.template")}
            categories={funnel.categories}
            series={funnel.series.map((s) => ({ name: t(`dashboard.templates.${s.key}`), data: s.data }))}
            testId="chart-templates"
          />
        )
      }}
    </Panel>
  )
}

export const CampaignsPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  const count = useCount()
  const format = useFormat()
  const columns = ["total", "sent", "delivered", "read", "failed"] as const
  return (
    <Panel title={t("dashboard.campaigns.title")} card={figures?.campaigns} onRetry={onRetry} testId="dash-campaigns">
      {(campaigns) =>
        campaigns.length === 0 ? (
          <div className="mc-dash-empty">{t("dashboard.campaigns.none")}</div>
        ) : (
          // The table scrolls sideways on a narrow window: focusable so a keyboard can scroll it.
          <section
            className="mc-dash-scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
            tabIndex={0}
            aria-label={t("dashboard.campaigns.title")}
          >
            <HTMLTable compact striped className="mc-dash-table">
              <thead>
                <tr>
                  <th scope="col">{t("dashboard.campaigns.name")}</th>
                  <th scope="col">{t("dashboard.campaigns.status")}</th>
                  {columns.map((c) => (
                    <th scope="col" key={c}>
                      {t(`dashboard.campaigns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {campaigns.slice(0, 10).map((campaign) => (
                  <tr key={campaign.campaign_id}>
                    <th scope="row">{campaign.name}</th>
                    <td>{format.enumValue("campaignStatus", campaign.status)}</td>
                    {columns.map((c) => (
                      <td key={c} className="mc-num">
                        {count(campaign[c])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </section>
        )
      }
    </Panel>
  )
}

export const TerritoriesPanel = ({ figures, onRetry }: Omit<PanelsProps, "range">) => {
  const { t } = useTranslation()
  return (
    <Panel title={t("dashboard.territories.title")} card={figures?.territories} onRetry={onRetry} testId="dash-territories">
      {(territories) =>
        territories.length === 0 ? (
          <div className="mc-dash-empty">{t("dashboard.territories.none")}</div>
        ) : (
          <div className="mc-dash-tags">
            {territories.map((territory) => (
              <Tag key={territory.id} minimal large title={territory.code} data-testid="territory">
                {territory.name} · {t("dashboard.territories.locations", { count: territory.locations })}
              </Tag>
            ))}
          </div>
        )
      }
    </Panel>
  )
}
