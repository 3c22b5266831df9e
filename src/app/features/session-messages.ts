/** Session Timeout (/apps/sessionMessage): the tenant's timeout message. */
import { type Feature, screen } from "../feature"

export const sessionMessages: Feature = {
  name: "session-messages",
  layers: ["machines", "views", "server", "browser", "docs"],
  screens: {
    sessionMessage: screen(
      () => import("../../views/session-messages/SessionMessageView"),
      (m) => m.SessionMessageView,
    ),
  },
  pages: {
    "session-message": () => import("../../machines/session-messages/session-message-machine").then((m) => m.sessionMessageMachine),
  },
  strings: {
    en: () => import("../../views/session-messages/strings").then((m) => ({ sessionMessages: m.sessionMessagesEn })),
    tr: () => import("../../views/session-messages/strings.tr").then((m) => ({ sessionMessages: m.sessionMessagesTr })),
    ar: () => import("../../views/session-messages/strings.ar").then((m) => ({ sessionMessages: m.sessionMessagesAr })),
  },
}
