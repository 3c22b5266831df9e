/**
 * Sends a code through its provider's channel:
 * - SMS: queued on the SMS feature's path (`queueSms`, the one queue, SMPP to the gateway) under the provider's
 *   sender name, in the call's transaction; the row's delivery state is the SMS's;
 * - WhatsApp: the authentication template through the channel adapter (the simulator in development). No template
 *   engine renders it yet, so the template's body text carries the code;
 * - e-mail: `sendMail` (SMTP when configured, the development outbox otherwise).
 * WhatsApp and e-mail leave after the commit; a refusal is kept on the log row (`delivery_error`).
 */
import { sql } from "drizzle-orm"
import type { OtpChannel } from "../../../src/contract/schemas/otp"
import { sendMail } from "../../core/mail"
import type { Db } from "../../db/db"
import type { Services } from "../../http/context"
import { ApiError } from "../../http/errors"
import { chatHubOf } from "../chat"
import { queueSms, sendableMask } from "../sms"
import { approvedMaskId } from "./providers"

export interface Delivery {
  readonly logId: number
  readonly clientId: number
  readonly channel: OtpChannel
  readonly sender: string
  readonly to: string
  readonly code: string
  readonly minutes: number
}

export const codeText = (d: Pick<Delivery, "code" | "minutes">) =>
  `${d.code} is your verification code. It expires in ${d.minutes} minutes. Do not share it with anyone.`

/** In the call's transaction: SMS are queued (their row id is kept on the log); other channels wait for the commit. */
export const queueDelivery = async (db: Db, d: Delivery): Promise<(services: Services) => Promise<void>> => {
  if (d.channel === "sms") {
    const maskId = await approvedMaskId(db, d.clientId, d.sender)
    if (maskId === null) throw new ApiError(409, "OTP_NO_PROVIDER", `${d.sender} is no longer an approved SMS sender name`)
    const mask = await sendableMask(db, d.clientId, maskId)
    const { inserted } = await queueSms(db, { clientId: d.clientId, userId: null, mask, text: codeText(d), numbers: [d.to] })
    await db.execute(sql`UPDATE otp_logs SET sms_message_id = ${Number(inserted[0].id)} WHERE id = ${d.logId}`)
    return async () => {}
  }
  return async (services) => {
    try {
      if (d.channel === "email")
        await sendMail(services, { to: d.to, subject: "Your verification code", text: codeText(d), clientId: d.clientId })
      else
        await chatHubOf(services).channel.send({
          clientId: d.clientId,
          channel: "whatsapp",
          number: d.to,
          type: "template",
          body: codeText(d),
          payload: { template: { name: "authentication", category: "AUTHENTICATION", code: d.code } },
        })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await services.database.db.execute(sql`UPDATE otp_logs SET delivery_error = ${message.slice(0, 500)} WHERE id = ${d.logId}`)
      console.error(`[otp] code ${d.logId} not delivered:`, message)
    }
  }
}
