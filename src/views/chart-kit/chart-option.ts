/**
 * Turns the kit's data into an ECharts option for a theme and a direction: pure, so it is tested without a browser.
 * Colours are Blueprint's (text, grid lines, the series palette), on a transparent background so the card behind the
 * chart shows through in light and dark. Arabic mirrors: the x axis runs right to left, the value axis and the
 * legend sit on the right, a pie's legend on the right with the pie to its left.
 */
import { Colors } from "@blueprintjs/core"
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption } from "echarts/charts"
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, VisualMapComponentOption } from "echarts/components"
import type { ComposeOption } from "echarts/core"
import { type ChartData, maxValue } from "./chart-data"

export type KitOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | HeatmapSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>

export interface ChartLook {
  readonly dark: boolean
  readonly rtl: boolean
  /** How a value reads (the user's language, a unit). */
  readonly format: (value: number) => string
}

/** Blueprint's series colours, in the order series take them. */
export const PALETTE = [
  Colors.BLUE3,
  Colors.GREEN3,
  Colors.ORANGE3,
  Colors.VIOLET3,
  Colors.RED3,
  Colors.TURQUOISE3,
  Colors.GOLD3,
  Colors.ROSE3,
]

const ink = (dark: boolean) => ({
  text: dark ? Colors.LIGHT_GRAY5 : Colors.DARK_GRAY1,
  muted: dark ? Colors.GRAY4 : Colors.GRAY1,
  line: dark ? Colors.DARK_GRAY5 : Colors.LIGHT_GRAY1,
  split: dark ? "rgba(255, 255, 255, 0.08)" : "rgba(17, 20, 24, 0.08)",
  tooltip: dark ? Colors.DARK_GRAY3 : Colors.WHITE,
})

export const chartOption = (data: ChartData, look: ChartLook): KitOption => {
  const { dark, rtl, format } = look
  const c = ink(dark)
  const base: KitOption = {
    backgroundColor: "transparent",
    color: PALETTE,
    animationDuration: 300,
    textStyle: { color: c.text, fontFamily: "inherit" },
    tooltip: {
      trigger: data.kind === "line" || data.kind === "bar" ? "axis" : "item",
      backgroundColor: c.tooltip,
      borderColor: c.line,
      textStyle: { color: c.text },
      valueFormatter: (value) => (typeof value === "number" ? format(value) : String(value ?? "")),
    },
  }
  const legend: LegendComponentOption = {
    show: data.series.length > 1 || data.kind === "pie",
    type: "plain",
    textStyle: { color: c.text },
    ...(data.kind === "pie"
      ? { orient: "vertical", top: "middle", left: rtl ? "right" : "left" }
      : { top: 0, left: rtl ? "right" : "left" }),
  }
  const categoryAxis = {
    type: "category" as const,
    data: [...data.categories],
    inverse: rtl,
    axisLine: { lineStyle: { color: c.line } },
    axisLabel: { color: c.muted },
  }
  const valueAxis = {
    type: "value" as const,
    position: rtl ? ("right" as const) : ("left" as const),
    axisLabel: { color: c.muted, formatter: (value: number) => format(value) },
    splitLine: { lineStyle: { color: c.split } },
    minInterval: 1,
  }
  const grid: GridComponentOption = { top: legend.show ? 36 : 16, bottom: 8, left: 12, right: 12, containLabel: true }

  switch (data.kind) {
    case "line":
    case "bar":
      return {
        ...base,
        legend,
        grid,
        xAxis: categoryAxis,
        yAxis: valueAxis,
        series: data.series.map((s) =>
          data.kind === "line"
            ? ({
                type: "line",
                name: s.name,
                data: [...s.data],
                showSymbol: data.categories.length <= 62,
                smooth: false,
              } satisfies LineSeriesOption)
            : ({ type: "bar", name: s.name, data: [...s.data], barMaxWidth: 32 } satisfies BarSeriesOption),
        ),
      }
    case "heatmap":
      return {
        ...base,
        grid: { ...grid, top: 8, bottom: 48 },
        xAxis: { ...categoryAxis, splitArea: { show: true } },
        // The first series (e.g. Monday) on top, and the row names on the reading side.
        yAxis: { ...categoryAxis, data: data.series.map((s) => s.name), inverse: true, position: rtl ? "right" : "left" },
        visualMap: {
          type: "continuous",
          min: 0,
          max: maxValue(data),
          calculable: false,
          // The scale's ends in words: the busiest cell's value and zero (the high end on the side the axis grows to).
          text: [format(maxValue(data)), format(0)],
          orient: "horizontal",
          bottom: 0,
          left: "center",
          inverse: rtl,
          textStyle: { color: c.muted },
          formatter: (value) => format(Number(value)),
          inRange: { color: dark ? [Colors.DARK_GRAY4, Colors.BLUE5] : [Colors.LIGHT_GRAY5, Colors.BLUE2] },
        },
        series: [
          {
            type: "heatmap",
            name: "",
            data: data.series.flatMap((s, row) => s.data.map((value, column) => [column, row, value])),
            itemStyle: { borderColor: dark ? Colors.DARK_GRAY2 : Colors.WHITE, borderWidth: 1 },
            emphasis: { itemStyle: { borderColor: c.text } },
          },
        ],
      }
    case "pie": {
      const values = data.series[0]?.data ?? []
      return {
        ...base,
        legend,
        series: [
          {
            type: "pie",
            name: data.series[0]?.name ?? "",
            radius: ["40%", "70%"],
            center: [rtl ? "40%" : "60%", "50%"],
            label: { show: false },
            itemStyle: { borderColor: dark ? Colors.DARK_GRAY2 : Colors.WHITE, borderWidth: 2 },
            data: data.categories.map((name, i) => ({ name, value: values[i] ?? 0 })),
          },
        ],
      }
    }
  }
}
