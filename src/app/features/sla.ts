/** SLA policies (/apps/sla-policies): the policies and their report; the chat's countdowns (page actor `sla-clocks`). */
import { type Feature, screen } from "../feature"

export const sla: Feature = {
  name: "sla",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["sla", "tagging"],
  screens: {
    slaPolicies: screen(
      () => import("../../views/sla/SlaView"),
      (m) => m.SlaView,
    ),
  },
  pages: {
    "sla-policies": () => import("../../machines/sla/sla-policies").then((m) => m.slaPoliciesMachine),
    "sla-report": () => import("../../machines/sla/sla-report").then((m) => m.slaReportMachine),
    "sla-clocks": () => import("../../machines/sla/sla-clocks").then((m) => m.slaClocksMachine),
  },
  strings: {
    en: () => import("../../views/sla/strings").then((m) => ({ sla: m.slaEn })),
    tr: () => import("../../views/sla/strings.tr").then((m) => ({ sla: m.slaTr })),
    ar: () => import("../../views/sla/strings.ar").then((m) => ({ sla: m.slaAr })),
  },
  uses: ["report-kit"],
}
