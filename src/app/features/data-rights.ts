/** A customer's data rights: export and erasure on the contact page (the contact book's drawer). */
import type { Feature } from "../feature"

export const dataRights: Feature = {
  name: "data-rights",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["dataRights"],
  pages: {
    "customer-data": () => import("../../machines/data-rights/customer-data-machine").then((m) => m.customerDataMachine),
  },
  strings: {
    en: () => import("../../views/data-rights/strings").then((m) => ({ dataRights: m.dataRightsEn })),
    tr: () => import("../../views/data-rights/strings.tr").then((m) => ({ dataRights: m.dataRightsTr })),
    ar: () => import("../../views/data-rights/strings.ar").then((m) => ({ dataRights: m.dataRightsAr })),
  },
}
