/**
 * A template's status and who may move it (one place for every transition). The channel (WhatsApp's review, later its
 * webhooks; today the simulator) moves PENDING to APPROVED or REJECTED, and an approved template to PAUSED or DISABLED
 * (a paused one back to APPROVED). The tenant edits a template that is not in review or disabled, which submits it
 * again (PENDING), and sends only APPROVED ones. Every refusal is a 409 naming the current status.
 */
import type { TemplateStatus } from "../../../src/contract/schemas/templates"
import { ApiError } from "../../http/errors"

const BY_CHANNEL: Readonly<Record<TemplateStatus, readonly TemplateStatus[]>> = {
  PENDING: ["APPROVED", "REJECTED"],
  APPROVED: ["PAUSED", "DISABLED"],
  PAUSED: ["APPROVED", "DISABLED"],
  REJECTED: [],
  DISABLED: [],
}

/** Whether the channel may move a template from `from` to `to`. */
export const channelMay = (from: TemplateStatus, to: TemplateStatus) => BY_CHANNEL[from].includes(to)

/** The statuses from which an edit resubmits the template for review. */
export const EDITABLE: readonly TemplateStatus[] = ["APPROVED", "REJECTED", "PAUSED"]

const refused = (name: string, status: TemplateStatus, what: string) =>
  new ApiError(409, "TEMPLATE_STATUS", `Template ${name} is ${status}: ${what}`, "status")

export const checkEditable = (t: { name: string; status: TemplateStatus }) => {
  if (t.status === "PENDING") throw refused(t.name, t.status, "it can be edited once WhatsApp's review ends")
  if (t.status === "DISABLED") throw refused(t.name, t.status, "WhatsApp disabled it, so it cannot be edited; create a new one")
}

export const checkSendable = (t: { name: string; status: TemplateStatus }) => {
  if (t.status !== "APPROVED") throw refused(t.name, t.status, "only an approved template can be sent")
}
