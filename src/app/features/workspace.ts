/** The agent workspace lists (ongoing chats, overall history, messages) and their read-only transcripts. */
import { type Feature, screen } from "../feature"

const transcript = () => import("../../machines/workspace/transcript-machine").then((m) => m.transcriptMachine)

export const workspace: Feature = {
  name: "workspace",
  layers: ["machines", "views", "browser", "docs"],
  calls: ["chat", "tickets"],
  reports: {
    "report-ongoing": () => import("../../machines/workspace/conversation-reports").then((m) => m.ongoingMachine),
    "report-history": () => import("../../machines/workspace/conversation-reports").then((m) => m.historyMachine),
    "report-messages": () => import("../../machines/workspace/messages-report").then((m) => m.messagesMachine),
  },
  screens: {
    ongoing: screen(
      () => import("../../views/workspace/OngoingView"),
      (m) => m.OngoingView,
    ),
    history: screen(
      () => import("../../views/workspace/HistoryView"),
      (m) => m.HistoryView,
    ),
    messages: screen(
      () => import("../../views/workspace/MessagesView"),
      (m) => m.MessagesView,
    ),
  },
  pages: { "transcript-ongoing": transcript, "transcript-history": transcript },
  strings: {
    en: () => import("../../views/workspace/strings").then((m) => ({ workspace: m.workspaceEn })),
    tr: () => import("../../views/workspace/strings.tr").then((m) => ({ workspace: m.workspaceTr })),
    ar: () => import("../../views/workspace/strings.ar").then((m) => ({ workspace: m.workspaceAr })),
  },
  // The report kit's notices and media preview; the chat's transcript in the drawer; transcript files and exports.
  uses: ["report-kit", "chat", "transcripts", "media-preview"],
}
