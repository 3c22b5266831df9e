/** The dashboard (/apps/dashboard and /dashboard "Intelligence"): live boxes, the chosen days' figures and charts. */
import { type Feature, screen } from "../feature"

const view = () => import("../../views/dashboard/DashboardView")

export const dashboard: Feature = {
  name: "dashboard",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["dashboard"],
  screens: {
    appsDashboard: screen(view, (m) => m.DashboardView),
    intelligence: screen(view, (m) => m.DashboardView),
  },
  pages: {
    dashboard: () => import("../../machines/dashboard/dashboard-machine").then((m) => m.dashboardMachine),
  },
  strings: {
    en: () => import("../../views/dashboard/strings").then((m) => ({ dashboard: m.dashboardEn })),
    tr: () => import("../../views/dashboard/strings.tr").then((m) => ({ dashboard: m.dashboardTr })),
    ar: () => import("../../views/dashboard/strings.ar").then((m) => ({ dashboard: m.dashboardAr })),
  },
  uses: ["report-kit", "chart-kit", "platform"],
}
