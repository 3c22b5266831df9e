/** UAT customers (company sub-page uat-customer): the tenant's test numbers and their editor. */
import { type Feature, screen } from "../feature"

export const uat: Feature = {
  name: "uat",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["uat"],
  reports: { "report-uat": () => import("../../machines/uat/uat-list").then((m) => m.uatListMachine) },
  screens: {
    "companyDetails/uat-customer": screen(
      () => import("../../views/uat/UatView"),
      (m) => m.UatView,
    ),
  },
  pages: { "uat-editor": () => import("../../machines/uat/uat-editor").then((m) => m.uatEditorMachine) },
  strings: {
    en: () => import("../../views/uat/strings").then((m) => ({ uat: m.uatEn })),
    tr: () => import("../../views/uat/strings.tr").then((m) => ({ uat: m.uatTr })),
    ar: () => import("../../views/uat/strings.ar").then((m) => ({ uat: m.uatAr })),
  },
  uses: ["report-kit", "record-kit"],
}
