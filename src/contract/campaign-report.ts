/**
 * A campaign's CSV report, one rule for both sides: the columns, how a recipient becomes a line (a cell that a
 * spreadsheet would run as a formula is escaped by the one CSV writer, ./csv.ts), and the file's name. The server's whole answer
 * (`downloadTemplateCampaign`) and the console's streamed download (`templateTools.campaignReportRows`) use it.
 */
import { csvLine } from "./csv"
import type { CampaignRecipient } from "./schemas/campaigns"

export const CAMPAIGN_CSV_HEADER = csvLine(["number", "status", "reason", "parameters", "sent_at", "delivered_at", "read_at"])

export const campaignCsvLine = (r: CampaignRecipient) =>
  csvLine([r.number, r.status, r.error, r.params.join(" | "), r.sent_at, r.delivered_at, r.read_at])

export const campaignReportFileName = (c: { readonly id: number; readonly name: string }) =>
  `${c.name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "campaign"}-${c.id}.csv`
