/**
 * Templates (/templateMessage-hsm and its company sub-page, /templateMessage-individual-user, /apps/check-number,
 * /apps/clear-number): WhatsApp templates with their review, the individual send, and the number tools.
 */
import { type Feature, screen } from "../feature"

const templatesScreen = screen(
  () => import("../../views/templates/TemplatesView"),
  (m) => m.TemplatesView,
)

export const templates: Feature = {
  name: "templates",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["contacts", "templates", "templateTools", "users"],
  reports: { "report-templates": () => import("../../machines/templates/templates-list").then((m) => m.templatesListMachine) },
  screens: {
    templateMessageHsm: templatesScreen,
    "companyDetails/templateMessage-hsm": templatesScreen,
    templateMessageIndividualUser: screen(
      () => import("../../views/templates/TemplateSendView"),
      (m) => m.TemplateSendView,
    ),
    checkNumber: screen(
      () => import("../../views/templates/NumbersView"),
      (m) => m.CheckNumberView,
    ),
    clearNumber: screen(
      () => import("../../views/templates/NumbersView"),
      (m) => m.ClearNumberView,
    ),
  },
  pages: {
    "template-editor": () => import("../../machines/templates/template-editor").then((m) => m.templateEditorMachine),
    "template-assign": () => import("../../machines/templates/template-assign").then((m) => m.templateAssignMachine),
    "templates-watch": () => import("../../machines/templates/pending-watch").then((m) => m.pendingWatchMachine),
    "template-send": () => import("../../machines/templates/template-send-machine").then((m) => m.templateSendMachine),
    "check-number": () => import("../../machines/templates/numbers-tool").then((m) => m.checkNumbersMachine),
    "clear-number": () => import("../../machines/templates/numbers-tool").then((m) => m.clearNumbersMachine),
  },
  strings: {
    en: () => import("../../views/templates/strings").then((m) => ({ templates: m.templatesEn })),
    tr: () => import("../../views/templates/strings.tr").then((m) => ({ templates: m.templatesTr })),
    ar: () => import("../../views/templates/strings.ar").then((m) => ({ templates: m.templatesAr })),
  },
  uses: ["report-kit", "record-kit", "platform"],
}
