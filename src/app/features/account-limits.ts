/** Account limits (/apps/account-limits): the tenant's usage of each limit; the super admin's form to set them. */
import { type Feature, screen } from "../feature"

export const accountLimits: Feature = {
  name: "account-limits",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["security", "billing"],
  screens: {
    accountLimits: screen(
      () => import("../../views/account-limits/AccountLimitsView"),
      (m) => m.AccountLimitsView,
    ),
  },
  pages: {
    "account-usage": () => import("../../machines/account-limits/usage").then((m) => m.accountUsageMachine),
    "limits-admin": () => import("../../machines/account-limits/limits-admin").then((m) => m.limitsAdminMachine),
  },
  strings: {
    en: () => import("../../views/account-limits/strings").then((m) => ({ accountLimits: m.accountLimitsEn })),
    tr: () => import("../../views/account-limits/strings.tr").then((m) => ({ accountLimits: m.accountLimitsTr })),
    ar: () => import("../../views/account-limits/strings.ar").then((m) => ({ accountLimits: m.accountLimitsAr })),
  },
  // The super admin's form picks its business with the platform's picker.
  uses: ["platform"],
}
