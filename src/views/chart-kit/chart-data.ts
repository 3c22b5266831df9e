/**
 * The chart kit's data: what every chart shows, in one small typed shape (no ECharts types leak out of the kit).
 *
 * - `categories` are the points along the axis (days, hours, statuses…);
 * - each of `series` has a `name` (the legend and the table's column) and one value per category;
 * - `kind` says how to draw them:
 *   - `line` / `bar`: categories along the x axis, one line or one group of bars per series;
 *   - `heatmap`: categories are the columns, each series one row (its values the cells): weekday × hour is 7 series
 *     of 24 values;
 *   - `pie`: one slice per category, sized by the first series' values.
 *
 * The table view shows the same numbers: one row per category, one column per series.
 */
export type ChartKind = "line" | "bar" | "heatmap" | "pie"

export interface ChartSeries {
  readonly name: string
  /** One value per category, in the categories' order. */
  readonly data: readonly number[]
}

export interface ChartData {
  readonly kind: ChartKind
  readonly categories: readonly string[]
  readonly series: readonly ChartSeries[]
}

/** Nothing to draw: no categories, no series, or every value zero (a chart of zeros tells a person less than words). */
export const isEmptyChart = (data: ChartData): boolean =>
  data.categories.length === 0 || data.series.length === 0 || data.series.every((s) => s.data.every((value) => value === 0))

/** The largest value shown (at least 1, so a scale never collapses). */
export const maxValue = (data: ChartData): number => Math.max(1, ...data.series.flatMap((s) => s.data))
