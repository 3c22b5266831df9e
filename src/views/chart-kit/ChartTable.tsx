import { HTMLTable } from "@blueprintjs/core"
import type { ChartData } from "./chart-data"

/** The chart's numbers as a table: one row per category, one column per series. */
export const ChartTable = ({
  data,
  title,
  categoryLabel,
  format,
}: {
  data: ChartData
  title: string
  categoryLabel: string
  format: (value: number) => string
}) => (
  <HTMLTable compact striped className="mc-chart-table">
    <caption className="mc-visually-hidden">{title}</caption>
    <thead>
      <tr>
        <th scope="col">{categoryLabel}</th>
        {data.series.map((s) => (
          <th scope="col" key={s.name}>
            {s.name}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>
      {data.categories.map((category, row) => (
        <tr key={category}>
          <th scope="row">{category}</th>
          {data.series.map((s) => (
            <td key={s.name}>
              <span className="mc-num">{format(s.data[row] ?? 0)}</span>
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  </HTMLTable>
)
