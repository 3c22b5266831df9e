/** Billing (/apps/billing): the tenant's balance and ledger; the super admin's top-ups and credit allowance. */
import { type Feature, screen } from "../feature"

export const billing: Feature = {
  name: "billing",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["billing"],
  screens: {
    billing: screen(
      () => import("../../views/billing/BillingView"),
      (m) => m.BillingView,
    ),
  },
  pages: {
    "billing-ledger": () => import("../../machines/billing/ledger").then((m) => m.billingLedgerMachine),
    "billing-admin": () => import("../../machines/billing/billing-admin").then((m) => m.billingAdminMachine),
  },
  strings: {
    en: () => import("../../views/billing/strings").then((m) => ({ billing: m.billingEn })),
    tr: () => import("../../views/billing/strings.tr").then((m) => ({ billing: m.billingTr })),
    ar: () => import("../../views/billing/strings.ar").then((m) => ({ billing: m.billingAr })),
  },
  // The super admin's form picks its business with the platform's picker.
  uses: ["platform"],
}
