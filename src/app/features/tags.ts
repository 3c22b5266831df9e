/** Tags for the chatbot (company sub-page Tagsforchatbot): the list and its editor. */
import { type Feature, screen } from "../feature"

export const tags: Feature = {
  name: "tags",
  layers: ["machines", "views", "server", "docs"],
  calls: ["tagging"],
  reports: { "report-tags": () => import("../../machines/tags/tags-list").then((m) => m.tagsListMachine) },
  screens: {
    "companyDetails/Tagsforchatbot": screen(
      () => import("../../views/tags/TagsView"),
      (m) => m.TagsView,
    ),
  },
  pages: { "tag-editor": () => import("../../machines/tags/tag-editor").then((m) => m.tagEditorMachine) },
  strings: {
    en: () => import("../../views/tags/strings").then((m) => ({ tags: m.tagsEn })),
    tr: () => import("../../views/tags/strings.tr").then((m) => ({ tags: m.tagsTr })),
    ar: () => import("../../views/tags/strings.ar").then((m) => ({ tags: m.tagsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
