/**
 * Who a WhatsApp send goes to, as the Cloud API reads it: `to` (a phone number, digits) wins; without it `recipient`,
 * a business-scoped user id (BSUID), which Meta answers with `contacts[].user_id` instead of `wa_id`. Meta refuses
 * authentication templates to a BSUID (131062) and a number that is not one (131026).
 */
import { isBsuid } from "../../channels/whatsapp-cloud/cloud-api"
import { type GraphAnswer, metaError } from "./fake-meta-model"

export type Recipient = { readonly to: string; readonly contact: Record<string, string> }

export const recipientOf = (
  body: Record<string, unknown>,
  isAuthenticationTemplate: (name: string) => boolean,
): Recipient | GraphAnswer => {
  const to = typeof body.to === "string" ? body.to : ""
  if (to) return /^[0-9]{6,15}$/.test(to) ? { to, contact: { input: to, wa_id: to } } : metaError(400, 131026, "Message undeliverable")
  const recipient = typeof body.recipient === "string" ? body.recipient : ""
  if (!isBsuid(recipient)) return metaError(400, 131026, "Message undeliverable")
  const template = (body.template ?? {}) as { name?: unknown }
  if (body.type === "template" && isAuthenticationTemplate(String(template.name ?? "")))
    return metaError(400, 131062, "Business-scoped User ID recipients are not supported for this message.")
  return { to: recipient, contact: { input: recipient, user_id: recipient } }
}
