/** Canned messages (/apps/canned-messages and the company sub-page CannedReplies): the list and its editor. */
import { type Feature, screen } from "../feature"

const cannedScreen = screen(
  () => import("../../views/canned/CannedView"),
  (m) => m.CannedView,
)

export const canned: Feature = {
  name: "canned",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["cannedMessages"],
  reports: { "report-canned": () => import("../../machines/canned/canned-list").then((m) => m.cannedListMachine) },
  screens: { cannedMessages: cannedScreen, "companyDetails/CannedReplies": cannedScreen },
  pages: { "canned-editor": () => import("../../machines/canned/canned-editor").then((m) => m.cannedEditorMachine) },
  strings: {
    en: () => import("../../views/canned/strings").then((m) => ({ canned: m.cannedEn })),
    tr: () => import("../../views/canned/strings.tr").then((m) => ({ canned: m.cannedTr })),
    ar: () => import("../../views/canned/strings.ar").then((m) => ({ canned: m.cannedAr })),
  },
  uses: ["report-kit", "record-kit"],
}
