/** Monthly active users (/apps/sessions-mau and the company sub-page `mau`): per month and channel, and by e-mail. */
import { type Feature, screen } from "../feature"

const view = () => import("../../views/mau/MauView")

export const mau: Feature = {
  name: "mau",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["mau"],
  screens: {
    sessionsMau: screen(view, (m) => m.MauView),
    "companyDetails/mau": screen(view, (m) => m.MauView),
  },
  pages: { "mau-report": () => import("../../machines/mau/mau-machine").then((m) => m.mauMachine) },
  strings: {
    en: () => import("../../views/mau/strings").then((m) => ({ mau: m.mauEn })),
    tr: () => import("../../views/mau/strings.tr").then((m) => ({ mau: m.mauTr })),
    ar: () => import("../../views/mau/strings.ar").then((m) => ({ mau: m.mauAr })),
  },
  uses: ["chart-kit", "report-kit"],
}
