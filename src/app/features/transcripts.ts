/** Conversation transcripts: one conversation's PDF or CSV (history rows, the open thread) and Overall History's zip. */
import type { Feature } from "../feature"

export const transcripts: Feature = {
  name: "transcripts",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["transcripts"],
  pages: {
    transcripts: () => import("../../machines/transcripts/transcripts-machine").then((m) => m.transcriptsMachine),
  },
  strings: {
    en: () => import("../../views/transcripts/strings").then((m) => ({ transcripts: m.transcriptsEn })),
    tr: () => import("../../views/transcripts/strings.tr").then((m) => ({ transcripts: m.transcriptsTr })),
    ar: () => import("../../views/transcripts/strings.ar").then((m) => ({ transcripts: m.transcriptsAr })),
  },
}
