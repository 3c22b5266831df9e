/** The super admin's platform console: the platform dashboard (/platform) and the business picker other screens show. */
import { type Feature, screen } from "../feature"

export const platform: Feature = {
  name: "platform",
  layers: ["server", "machines", "views", "browser", "docs"],
  calls: ["platform", "businesses"],
  screens: {
    platform: screen(
      () => import("../../views/platform/PlatformDashboardView"),
      (m) => m.PlatformDashboardView,
    ),
  },
  pages: {
    "platform-dashboard": () => import("../../machines/platform/platform-dashboard").then((m) => m.platformDashboardMachine),
    "business-picker": () => import("../../machines/platform/business-picker").then((m) => m.businessPickerMachine),
  },
  strings: {
    en: () => import("../../views/platform/strings").then((m) => ({ platform: m.platformEn })),
    tr: () => import("../../views/platform/strings.tr").then((m) => ({ platform: m.platformTr })),
    ar: () => import("../../views/platform/strings.ar").then((m) => ({ platform: m.platformAr })),
  },
  // The figure boxes and durations are the dashboard's, the money formatter the billing screens': their strings load too.
  uses: ["dashboard", "billing"],
}
