/** Client webhooks (/apps/client-webhook): the list, its editor, the delivery log and the live notices. */
import { type Feature, screen } from "../feature"

export const webhooks: Feature = {
  name: "webhooks",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["security", "webhooks"],
  reports: {
    "report-webhooks": () => import("../../machines/webhooks/webhooks-list").then((m) => m.webhooksListMachine),
    "report-webhook-deliveries": () => import("../../machines/webhooks/webhook-deliveries").then((m) => m.webhookDeliveriesMachine),
  },
  screens: {
    clientWebhook: screen(
      () => import("../../views/webhooks/WebhooksView"),
      (m) => m.WebhooksView,
    ),
  },
  pages: {
    "webhook-editor": () => import("../../machines/webhooks/webhook-editor").then((m) => m.webhookEditorMachine),
    "webhooks-live": () => import("../../machines/webhooks/webhooks-live").then((m) => m.webhooksLiveMachine),
  },
  strings: {
    en: () => import("../../views/webhooks/strings").then((m) => ({ webhooks: m.webhooksEn })),
    tr: () => import("../../views/webhooks/strings.tr").then((m) => ({ webhooks: m.webhooksTr })),
    ar: () => import("../../views/webhooks/strings.ar").then((m) => ({ webhooks: m.webhooksAr })),
  },
  uses: ["report-kit", "record-kit", "platform"],
}
