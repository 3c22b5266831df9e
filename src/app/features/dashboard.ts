/** The dashboard (/apps/dashboard and /dashboard "Intelligence"): live boxes, the chosen days' figures and charts. */
import { type Feature, screen } from "../feature"

const view = () => import("../../views/dashboard/DashboardView")

export const dashboard: Feature = {
  name: "dashboard",
  screens: {
    appsDashboard: screen(view, (m) => m.DashboardView),
    intelligence: screen(view, (m) => m.DashboardView),
  },
  pages: {
    dashboard: () => import("../../machines/dashboard/dashboard-machine").then((m) => m.dashboardMachine),
  },
  // The chart kit's strings come with the dashboard's own.
  strings: {
    en: () =>
      Promise.all([import("../../views/dashboard/strings"), import("../../views/chart-kit/strings")]).then(([d, c]) => ({
        dashboard: d.dashboardEn,
        chartKit: c.chartKitEn,
      })),
    tr: () =>
      Promise.all([import("../../views/dashboard/strings.tr"), import("../../views/chart-kit/strings.tr")]).then(([d, c]) => ({
        dashboard: d.dashboardTr,
        chartKit: c.chartKitTr,
      })),
    ar: () =>
      Promise.all([import("../../views/dashboard/strings.ar"), import("../../views/chart-kit/strings.ar")]).then(([d, c]) => ({
        dashboard: d.dashboardAr,
        chartKit: c.chartKitAr,
      })),
  },
  uses: ["reports", "workspace"],
}
