/**
 * The chart kit's one component: `<Chart kind categories series title />` (data shape in ./chart-data.ts).
 *
 *   <Chart kind="line" title={t("dashboard.trend")} categories={days} series={[{ name: t("dashboard.in"), data: ins }]} />
 *
 * - draws with ECharts on a canvas (only the parts in ./echarts.ts), in Blueprint's colours for the app's light or dark
 *   theme, mirrored in Arabic (./chart-option.ts);
 * - follows its container's size (ResizeObserver) and frees ECharts when it unmounts;
 * - keeps the same numbers in a table for screen readers, which the visible "Show as table" toggle brings on screen;
 * - says so in words when there is nothing to draw (every value zero);
 * - marks itself `data-chart-state="painted"` once ECharts has drawn its first frame (what the paint benchmark
 *   times), then `"finished"` when the drawing and its animation are complete.
 * Optional: `format` (how a value reads; default the language's integers), `categoryLabel` (the table's first
 * column), `height` (pixels, default 260), `testId`.
 * Its strings are `chartKit.*` (./strings.ts): the feature showing charts loads them with its own.
 */
import "./chart-kit.css"
import { Button } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { EChartsType } from "echarts/core"
import { useEffect, useId, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useLayoutActor } from "../common/actor-context"
import { type ChartData, isEmptyChart } from "./chart-data"
import { chartOption } from "./chart-option"
import { ChartTable } from "./ChartTable"
import { echarts } from "./echarts"

export type { ChartData, ChartKind, ChartSeries } from "./chart-data"

export interface ChartProps extends ChartData {
  /** Heading above the chart, the table's caption and the canvas's accessible name. */
  readonly title: string
  readonly format?: (value: number) => string
  readonly categoryLabel?: string
  readonly height?: number
  readonly testId?: string
}

/** Integers in the user's language, with Western digits like every other number of the console. */
const useNumberFormat = (language: string) =>
  useMemo(() => {
    const formatter = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 1 })
    return (value: number) => formatter.format(value)
  }, [language])

export const Chart = ({ kind, categories, series, title, format, categoryLabel, height = 260, testId }: ChartProps) => {
  const { t, i18n } = useTranslation()
  const dark = useSelector(useLayoutActor(), (s) => s.context.theme === "dark")
  const rtl = i18n.dir() === "rtl"
  const numbers = useNumberFormat(i18n.language)
  const show = format ?? numbers
  const data = useMemo<ChartData>(() => ({ kind, categories, series }), [kind, categories, series])
  const empty = isEmptyChart(data)
  const [asTable, setAsTable] = useState(false)
  const [state, setState] = useState<"pending" | "painted" | "finished">("pending")
  const hostRef = useRef<HTMLDivElement>(null)
  const chartRef = useRef<EChartsType | null>(null)
  const titleId = useId()
  const drawn = !empty && !asTable
  const option = useMemo(() => chartOption(data, { dark, rtl, format: show }), [data, dark, rtl, show])

  // ECharts starts with the first drawing and is freed with the component.
  useEffect(() => {
    const host = hostRef.current
    if (!host || !drawn) return
    let chart = chartRef.current
    if (!chart) {
      chart = echarts.init(host, undefined, { renderer: "canvas" })
      chart.on("rendered", () => setState((now) => (now === "pending" ? "painted" : now)))
      chart.on("finished", () => setState("finished"))
      chartRef.current = chart
    }
    chart.setOption(option, { notMerge: true })
    chart.resize()
  }, [drawn, option])

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const observer = new ResizeObserver(() => {
      if (host.clientWidth > 0) chartRef.current?.resize()
    })
    observer.observe(host)
    return () => {
      observer.disconnect()
      chartRef.current?.dispose()
      chartRef.current = null
    }
  }, [])

  return (
    <section className="mc-chart" aria-labelledby={titleId} data-testid={testId} data-chart-kind={kind}>
      <div className="mc-chart-head">
        <h3 className="mc-chart-title" id={titleId}>
          {title}
        </h3>
        {empty ? null : (
          <Button
            size="small"
            variant="minimal"
            icon={asTable ? "timeline-line-chart" : "th"}
            aria-pressed={asTable}
            data-testid={testId ? `${testId}-toggle` : undefined}
            onClick={() => setAsTable((value) => !value)}
          >
            {t(asTable ? "chartKit.showChart" : "chartKit.showTable")}
          </Button>
        )}
      </div>
      {empty ? (
        <div className="mc-chart-empty" style={{ minHeight: Math.min(height, 120) }} data-testid={testId ? `${testId}-empty` : undefined}>
          {t("chartKit.empty")}
        </div>
      ) : null}
      <div
        ref={hostRef}
        className="mc-chart-canvas"
        hidden={!drawn}
        style={{ height }}
        role="img"
        aria-label={t("chartKit.chartOf", { title })}
        data-chart-state={state}
      />
      {empty ? null : (
        <div className={asTable ? "mc-chart-table-wrap" : "mc-visually-hidden"}>
          <ChartTable data={data} title={title} categoryLabel={categoryLabel ?? t("chartKit.category")} format={show} />
        </div>
      )}
    </section>
  )
}

export default Chart
