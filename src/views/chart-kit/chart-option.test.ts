import { Colors } from "@blueprintjs/core"
import { describe, expect, it } from "vitest"
import { type ChartData, isEmptyChart, maxValue } from "./chart-data"
import { chartOption } from "./chart-option"

const format = (value: number) => `${value}`
const trend: ChartData = {
  kind: "line",
  categories: ["01-11", "02-11", "03-11"],
  series: [
    { name: "In", data: [1, 4, 2] },
    { name: "Out", data: [0, 3, 5] },
  ],
}
const week: ChartData = {
  kind: "heatmap",
  categories: ["00", "01"],
  series: [
    { name: "Mon", data: [3, 0] },
    { name: "Tue", data: [0, 7] },
  ],
}
const pick = (option: object, key: string) => (option as Record<string, any>)[key]

describe("chartOption", () => {
  it("draws one line per series over the categories, left to right in English", () => {
    const option = chartOption(trend, { dark: false, rtl: false, format })
    expect(pick(option, "xAxis")).toMatchObject({ data: trend.categories, inverse: false })
    expect(pick(option, "yAxis")).toMatchObject({ position: "left" })
    expect(pick(option, "series").map((s: any) => [s.type, s.name, s.data])).toEqual([
      ["line", "In", [1, 4, 2]],
      ["line", "Out", [0, 3, 5]],
    ])
    expect(pick(option, "legend")).toMatchObject({ show: true, left: "left" })
  })

  it("mirrors in Arabic: the axis runs right to left, values and legend on the right", () => {
    const option = chartOption({ ...trend, kind: "bar" }, { dark: false, rtl: true, format })
    expect(pick(option, "xAxis")).toMatchObject({ inverse: true })
    expect(pick(option, "yAxis")).toMatchObject({ position: "right" })
    expect(pick(option, "legend")).toMatchObject({ left: "right" })
    expect(pick(option, "series")[0].type).toBe("bar")
  })

  it("follows the dark theme with Blueprint's light text on a transparent background", () => {
    const light = chartOption(trend, { dark: false, rtl: false, format })
    const dark = chartOption(trend, { dark: true, rtl: false, format })
    expect(pick(dark, "backgroundColor")).toBe("transparent")
    expect(pick(dark, "textStyle").color).toBe(Colors.LIGHT_GRAY5)
    expect(pick(light, "textStyle").color).toBe(Colors.DARK_GRAY1)
  })

  it("puts a heat map's series in rows (first on top) and its categories in columns, scaled to the largest cell", () => {
    const option = chartOption(week, { dark: false, rtl: false, format })
    expect(pick(option, "yAxis")).toMatchObject({ data: ["Mon", "Tue"], inverse: true })
    expect(pick(option, "series")[0].data).toEqual([
      [0, 0, 3],
      [1, 0, 0],
      [0, 1, 0],
      [1, 1, 7],
    ])
    expect(pick(option, "visualMap")).toMatchObject({ min: 0, max: 7, text: ["7", "0"] })
  })

  it("slices a pie by category from the first series, legend on the reading side", () => {
    const pie: ChartData = { kind: "pie", categories: ["open", "closed"], series: [{ name: "Tickets", data: [2, 5] }] }
    const ltr = chartOption(pie, { dark: false, rtl: false, format })
    const rtl = chartOption(pie, { dark: false, rtl: true, format })
    expect(pick(ltr, "series")[0].data).toEqual([
      { name: "open", value: 2 },
      { name: "closed", value: 5 },
    ])
    expect(pick(ltr, "legend").left).toBe("left")
    expect(pick(rtl, "legend").left).toBe("right")
  })

  it("formats values on the axis and in tooltips with the given format", () => {
    const option = chartOption(trend, { dark: false, rtl: false, format: (v) => `${v} s` })
    expect(pick(option, "yAxis").axisLabel.formatter(12)).toBe("12 s")
    expect(pick(option, "tooltip").valueFormatter(3)).toBe("3 s")
  })
})

describe("isEmptyChart / maxValue", () => {
  it("calls a chart empty with no categories, no series or only zeros", () => {
    expect(isEmptyChart(trend)).toBe(false)
    expect(isEmptyChart({ ...trend, categories: [] })).toBe(true)
    expect(isEmptyChart({ ...trend, series: [] })).toBe(true)
    expect(isEmptyChart({ ...trend, series: [{ name: "x", data: [0, 0, 0] }] })).toBe(true)
    expect(maxValue({ ...trend, series: [{ name: "x", data: [0, 0] }] })).toBe(1)
    expect(maxValue(week)).toBe(7)
  })
})
