/** Reminders (/admin-reminderMessage and the company sub-page `reminderMessage`): the list and the reminder editor. */
import { type Feature, screen } from "../feature"

const remindersScreen = screen(
  () => import("../../views/reminders/RemindersView"),
  (m) => m.RemindersView,
)

export const reminders: Feature = {
  name: "reminders",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["contacts", "tagging", "templates"],
  reports: { "report-reminders": () => import("../../machines/reminders/reminders-list").then((m) => m.remindersListMachine) },
  screens: { adminReminderMessage: remindersScreen, "companyDetails/reminderMessage": remindersScreen },
  pages: { "reminder-editor": () => import("../../machines/reminders/reminder-editor").then((m) => m.reminderEditorMachine) },
  strings: {
    en: () => import("../../views/reminders/strings").then((m) => ({ reminders: m.remindersEn })),
    tr: () => import("../../views/reminders/strings.tr").then((m) => ({ reminders: m.remindersTr })),
    ar: () => import("../../views/reminders/strings.ar").then((m) => ({ reminders: m.remindersAr })),
  },
  uses: ["report-kit", "record-kit"],
}
