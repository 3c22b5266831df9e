/** Labels (/apps/labels): the list and its editor. */
import { type Feature, screen } from "../feature"

export const labels: Feature = {
  name: "labels",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["tagging"],
  reports: { "report-labels": () => import("../../machines/labels/labels-list").then((m) => m.labelsListMachine) },
  screens: {
    labels: screen(
      () => import("../../views/labels/LabelsView"),
      (m) => m.LabelsView,
    ),
  },
  pages: { "label-editor": () => import("../../machines/labels/label-editor").then((m) => m.labelEditorMachine) },
  strings: {
    en: () => import("../../views/labels/strings").then((m) => ({ labels: m.labelsEn })),
    tr: () => import("../../views/labels/strings.tr").then((m) => ({ labels: m.labelsTr })),
    ar: () => import("../../views/labels/strings.ar").then((m) => ({ labels: m.labelsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
