/**
 * The report kit: the paged and range report machinery (report machine, table, filters, CSV export) under every
 * feature's lists, and its words (dates, filters, pager, export, columns' headers), loaded with the screens that use it.
 */
import type { Feature } from "../feature"

export const reportKit: Feature = {
  name: "report-kit",
  layers: ["machines", "views", "services"],
  calls: ["callRecordings", "chat"],
  strings: {
    en: () => import("../../views/report-kit/strings").then((m) => ({ reportKit: m.reportKitEn })),
    tr: () => import("../../views/report-kit/strings.tr").then((m) => ({ reportKit: m.reportKitTr })),
    ar: () => import("../../views/report-kit/strings.ar").then((m) => ({ reportKit: m.reportKitAr })),
  },
}
