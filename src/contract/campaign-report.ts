/**
 * A campaign's CSV report, one rule for both sides: the columns, how a recipient becomes a line (a cell that a
 * spreadsheet would run as a formula is quoted with '), and the file's name. The server's whole answer
 * (`downloadTemplateCampaign`) and the console's streamed download (`templateTools.campaignReportRows`) use it.
 */
import type { CampaignRecipient } from "./schemas/campaigns"

export const CAMPAIGN_CSV_HEADER = ["number", "status", "reason", "parameters", "sent_at", "delivered_at", "read_at"].join(",")

export const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? "" : String(v)
  // A leading = + - @ would run as a formula in a spreadsheet (a phone number's + is kept).
  const safe = /^[=+\-@]/.test(text) && !/^\+[0-9]+$/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const campaignCsvLine = (r: CampaignRecipient) =>
  [r.number, r.status, r.error, r.params.join(" | "), r.sent_at, r.delivered_at, r.read_at].map(csvCell).join(",")

export const campaignReportFileName = (c: { readonly id: number; readonly name: string }) =>
  `${c.name.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 60) || "campaign"}-${c.id}.csv`
