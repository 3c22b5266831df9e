/** Segments (/apps/admin-segments and the company sub-page `segments`): the list and the rule editor with its live count. */
import { type Feature, screen } from "../feature"

const segmentsScreen = screen(
  () => import("../../views/segments/SegmentsView"),
  (m) => m.SegmentsView,
)

export const segments: Feature = {
  name: "segments",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["contacts", "flags", "tagging"],
  reports: { "report-segments": () => import("../../machines/segments/segments-list").then((m) => m.segmentsListMachine) },
  screens: { adminSegments: segmentsScreen, "companyDetails/segments": segmentsScreen },
  pages: {
    "segment-editor": () => import("../../machines/segments/segment-editor").then((m) => m.segmentEditorMachine),
    "segment-members": () => import("../../machines/segments/segment-members").then((m) => m.segmentMembersMachine),
  },
  strings: {
    en: () => import("../../views/segments/strings").then((m) => ({ segments: m.segmentsEn })),
    tr: () => import("../../views/segments/strings.tr").then((m) => ({ segments: m.segmentsTr })),
    ar: () => import("../../views/segments/strings.ar").then((m) => ({ segments: m.segmentsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
