/** Scheduled sends: a reply or a template kept for a later time, shown at the end of the thread until it leaves. */
import type { Feature } from "../feature"

export const scheduledSends: Feature = {
  name: "scheduled-sends",
  layers: ["machines", "views", "server", "docs"],
  calls: ["scheduledSends"],
  // The open conversation's scheduled sends, opened by the thread with the conversation's id.
  pages: {
    "scheduled-sends": () => import("../../machines/scheduled-sends/scheduled-sends-machine").then((m) => m.scheduledSendsMachine),
  },
  strings: {
    en: () => import("../../views/scheduled-sends/strings").then((m) => ({ scheduledSends: m.scheduledSendsEn })),
    tr: () => import("../../views/scheduled-sends/strings.tr").then((m) => ({ scheduledSends: m.scheduledSendsTr })),
    ar: () => import("../../views/scheduled-sends/strings.ar").then((m) => ({ scheduledSends: m.scheduledSendsAr })),
  },
}
