/**
 * ECharts through `echarts/core` with only what the kit draws registered: the canvas renderer, line, bar, heat-map
 * and pie series, the grid, tooltip, legend and the heat map's colour scale. Imported only by the chart kit, so
 * ECharts lands in the chunks of the screens that show charts and never in the login bundle.
 */
import { BarChart, HeatmapChart, LineChart, PieChart } from "echarts/charts"
import { GridComponent, LegendComponent, TooltipComponent, VisualMapContinuousComponent } from "echarts/components"
import * as echarts from "echarts/core"
import { CanvasRenderer } from "echarts/renderers"

echarts.use([
  CanvasRenderer,
  LineChart,
  BarChart,
  HeatmapChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapContinuousComponent,
])

export { echarts }
