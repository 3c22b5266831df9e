/** The contact book: contacts with bulk actions and the CSV import wizard, the block list, contact groups. */
import { type Feature, screen } from "../feature"

const list = () => import("../../views/contacts/ContactsView")
const bulk = () => import("../../machines/contacts/bulk-machine").then((m) => m.bulkMachine)

export const contacts: Feature = {
  name: "contacts",
  layers: ["machines", "views", "services", "server", "browser", "docs"],
  calls: ["chat", "contacts", "flags", "tagging"],
  reports: {
    "report-contacts": () => import("../../machines/contacts/contacts-report").then((m) => m.contactsMachine),
    "report-blocklist": () => import("../../machines/contacts/contacts-report").then((m) => m.blocklistMachine),
    "report-contact-groups": () => import("../../machines/contacts/groups-report").then((m) => m.groupsMachine),
  },
  screens: {
    contacts: screen(list, (m) => m.ContactsView),
    blocklist: screen(list, (m) => m.BlocklistView),
    contactGroups: screen(
      () => import("../../views/contacts/GroupsView"),
      (m) => m.GroupsView,
    ),
  },
  pages: {
    "contacts-bulk": bulk,
    "blocklist-bulk": bulk,
    "group-editor": () => import("../../machines/contacts/group-editor").then((m) => m.groupEditorMachine),
    "contacts-import": () => import("../../machines/contacts/import-machine").then((m) => m.importMachine),
    "contact-page": () => import("../../machines/contacts/contact-machine").then((m) => m.contactMachine),
  },
  strings: {
    en: () => import("../../views/contacts/strings").then((m) => ({ contacts: m.contactsEn })),
    tr: () => import("../../views/contacts/strings.tr").then((m) => ({ contacts: m.contactsTr })),
    ar: () => import("../../views/contacts/strings.ar").then((m) => ({ contacts: m.contactsAr })),
  },
  uses: ["report-kit", "data-rights"],
}
