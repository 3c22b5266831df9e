/** The chart kit's words (table view, no data, download), used by the dashboard and the reports. */
import type { Feature } from "../feature"

export const chartKit: Feature = {
  name: "chart-kit",
  layers: ["views"],
  strings: {
    en: () => import("../../views/chart-kit/strings").then((m) => ({ chartKit: m.chartKitEn })),
    tr: () => import("../../views/chart-kit/strings.tr").then((m) => ({ chartKit: m.chartKitTr })),
    ar: () => import("../../views/chart-kit/strings.ar").then((m) => ({ chartKit: m.chartKitAr })),
  },
}
