/**
 * The one way mail leaves the server: `sendMail(services, mail)`, for every mail (password resets, failed-login
 * notices, one-time codes, approvals, reports). With `config.smtpUrl` (SMTP_URL: `smtp://user:pass@host:587`,
 * `smtps://...`) it goes through nodemailer. Without it, in development and tests, it lands in the `mail_outbox` table
 * (the simulator page and GET /dev/outbox show it); in production without SMTP_URL it refuses with a clear 503 rather
 * than pretend to have sent. From and Message-ID are on the public domain (the host of `config.publicUrl()`) unless
 * MAIL_FROM names another sender; every link in a mail starts with `config.publicUrl()` (`publicLink`).
 */
import { randomBytes } from "node:crypto"
import { createTransport, type Transporter } from "nodemailer"
import type { Config } from "../config"
import type { Db } from "../db/db"
import { mailOutbox } from "../db/schema/identity"
import type { Services } from "../http/context"
import { ApiError } from "../http/errors"

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
  /** The tenant it belongs to (the outbox shows a tenant admin their own mail). */
  readonly clientId?: number | null
  /** Kept on the development outbox row beside the mail (what the simulator page and tests read: kind, link, token). */
  readonly meta?: Readonly<Record<string, unknown>>
}

/** A link into the console: always on the public address, never on the Host or Origin a request carried. */
export const publicLink = (config: Pick<Config, "publicUrl">, path: string) => `${config.publicUrl()}${path}`

/** The domain mail is sent from: MAIL_FROM's, else the public address's host. */
const mailDomainOf = (config: Pick<Config, "publicUrl" | "mailFrom">): string => {
  const fromAddress = /<([^>]+)>\s*$/.exec(config.mailFrom ?? "")?.[1] ?? config.mailFrom ?? ""
  const fromDomain = fromAddress.includes("@") ? fromAddress.slice(fromAddress.lastIndexOf("@") + 1) : ""
  return fromDomain || new URL(config.publicUrl()).hostname
}

export const mailFromOf = (config: Pick<Config, "publicUrl" | "mailFrom">) =>
  config.mailFrom ?? `Messaging Console <no-reply@${mailDomainOf(config)}>`

let transport: { url: string; transporter: Transporter } | null = null
const transporterFor = (url: string) => {
  if (transport?.url !== url) transport = { url, transporter: createTransport(url) }
  return transport.transporter
}

/**
 * Answers where the mail went: `smtp` with its Message-ID, or `outbox` with the row id. A refused SMTP send is a 502
 * `MAIL_FAILED` (the caller's transaction rolls back, so nothing claims to have been sent). `db` is the caller's
 * transaction when it has one: the outbox row is written in it (on PGlite, one connection, a write beside an open
 * transaction would wait for it forever).
 */
export const sendMail = async (
  services: Services,
  mail: Mail,
  db: Db = services.database.db,
): Promise<{ via: "smtp" | "outbox"; id: string }> => {
  const { config } = services
  if (config.smtpUrl) {
    const messageId = `<${randomBytes(16).toString("hex")}@${mailDomainOf(config)}>`
    try {
      await transporterFor(config.smtpUrl).sendMail({
        from: mailFromOf(config),
        messageId,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      return { via: "smtp", id: messageId }
    } catch (error) {
      console.error("[mail] the mail server refused a message:", error instanceof Error ? error.message : error)
      throw new ApiError(502, "MAIL_FAILED", "The mail server refused the message. Try again later.")
    }
  }
  if (!config.dev) throw new ApiError(503, "MAIL_NOT_CONFIGURED", "No mail server is configured (SMTP_URL)")
  const [row] = await db
    .insert(mailOutbox)
    .values({
      clientId: mail.clientId ?? null,
      to: mail.to,
      subject: mail.subject,
      body: mail.text,
      meta: { ...(mail.html ? { html: mail.html } : {}), ...mail.meta },
    })
    .returning({ id: mailOutbox.id })
  return { via: "outbox", id: String(row.id) }
}
