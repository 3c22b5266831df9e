/**
 * Campaigns (/apps/current-campaigns): the tenant's campaigns with live progress, their status changes, outbox and
 * CSV report, the new-campaign dialog, and the recipient lists (a tab of the same screen).
 */
import { type Feature, screen } from "../feature"

export const campaigns: Feature = {
  name: "campaigns",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["campaigns", "templates", "templateTools", "contacts", "tagging"],
  reports: {
    "report-campaigns": () => import("../../machines/campaigns/campaigns-list").then((m) => m.campaignsListMachine),
    "report-recipient-lists": () => import("../../machines/campaigns/recipient-lists").then((m) => m.recipientListsMachine),
  },
  screens: {
    currentCampaigns: screen(
      () => import("../../views/campaigns/CampaignsView"),
      (m) => m.CampaignsView,
    ),
  },
  pages: {
    "campaign-desk": () => import("../../machines/campaigns/campaign-desk").then((m) => m.campaignDeskMachine),
    "campaign-create": () => import("../../machines/campaigns/campaign-create").then((m) => m.campaignCreateMachine),
    "recipient-list-editor": () => import("../../machines/campaigns/recipient-list-editor").then((m) => m.recipientListEditorMachine),
  },
  strings: {
    en: () => import("../../views/campaigns/strings").then((m) => ({ campaigns: m.campaignsEn })),
    tr: () => import("../../views/campaigns/strings.tr").then((m) => ({ campaigns: m.campaignsTr })),
    ar: () => import("../../views/campaigns/strings.ar").then((m) => ({ campaigns: m.campaignsAr })),
  },
  uses: ["report-kit"],
}
