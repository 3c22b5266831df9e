/** Flags (/apps/flag): the tenant's flags and their editor; customers are flagged in bulk from the contact book. */
import { type Feature, screen } from "../feature"

export const flags: Feature = {
  name: "flags",
  layers: ["machines", "views", "server", "docs"],
  calls: ["flags"],
  reports: { "report-flags": () => import("../../machines/flags/flags-report").then((m) => m.flagsMachine) },
  screens: {
    flag: screen(
      () => import("../../views/flags/FlagsView"),
      (m) => m.FlagsView,
    ),
  },
  pages: {
    "flag-editor": () => import("../../machines/flags/flag-editor").then((m) => m.flagEditorMachine),
  },
  strings: {
    en: () => import("../../views/flags/strings").then((m) => ({ flags: m.flagsEn })),
    tr: () => import("../../views/flags/strings.tr").then((m) => ({ flags: m.flagsTr })),
    ar: () => import("../../views/flags/strings.ar").then((m) => ({ flags: m.flagsAr })),
  },
  uses: ["report-kit", "contacts"],
}
