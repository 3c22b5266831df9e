/**
 * Mail that leaves the server (MAU reports now; OTP and password resets may follow): `sendMail(services, message)`.
 * With SMTP_URL set (`smtp://user:pass@host:587`, `smtps://...`) it goes through nodemailer. Without it, in
 * development and tests, it lands in the `mail_outbox` table (the simulator page and GET /dev/outbox show it); in
 * production without SMTP_URL it refuses with a clear 503 rather than pretend to have sent.
 */
import { createTransport, type Transporter } from "nodemailer"
import type { Services } from "../http/context"
import { ApiError } from "../http/errors"
import type { Db } from "../db/db"
import { mailOutbox } from "../db/schema/identity"

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
  /** The tenant it belongs to (the outbox shows a tenant admin their own mail). */
  readonly clientId?: number | null
}

export const MAIL_FROM = () => process.env.MAIL_FROM ?? "Messaging Console <no-reply@localhost>"

let transport: { url: string; transporter: Transporter } | null = null
const transporterFor = (url: string) => {
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) }
  return transport.transporter
}

/**
 * Answers where the mail went: `smtp` with the server's message id, or `outbox` with the row id. `db` is the caller's
 * transaction when it has one: the outbox row is written in it (on PGlite, one connection, a write beside an open
 * transaction would wait for it forever).
 */
export const sendMail = async (
  services: Services,
  mail: Mail,
  db: Db = services.database.db,
): Promise<{ via: "smtp" | "outbox"; id: string }> => {
  const url = process.env.SMTP_URL
  if (url) {
    try {
      const info = await transporterFor(url).sendMail({
        from: MAIL_FROM(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      return { via: "smtp", id: String(info.messageId) }
    } catch (error) {
      throw new ApiError(
        502,
        "MAIL_FAILED",
        `The mail server refused the message: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }
  if (!services.config.dev) throw new ApiError(503, "MAIL_NOT_CONFIGURED", "No mail server is configured (SMTP_URL)")
  const [row] = await db
    .insert(mailOutbox)
    .values({
      clientId: mail.clientId ?? null,
      to: mail.to,
      subject: mail.subject,
      body: mail.text,
      meta: mail.html ? { html: mail.html } : {},
    })
    .returning({ id: mailOutbox.id })
  return { via: "outbox", id: String(row.id) }
}
