/**
 * The one way mail leaves the server: `sendMail(services, mail)`, for every mail (password resets, failed-login
 * notices, one-time codes, approvals, reports). With `config.smtpUrl` (SMTP_URL: `smtp://user:pass@host:587`,
 * `smtps://...`) it goes through the job queue to nodemailer. Without it, in development and tests, it lands in the `mail_outbox` table
 * (the simulator page and GET /dev/outbox show it); in production without SMTP_URL it refuses with a clear 503 rather
 * than pretend to have sent. From and Message-ID are on the public domain (the host of `config.publicUrl()`) unless
 * MAIL_FROM names another sender; every link in a mail starts with `config.publicUrl()` (`publicLink`).
 */
import { randomBytes } from "node:crypto"
import { createTransport, type Transporter } from "nodemailer"
import type { Config } from "../config"
import { sql } from "drizzle-orm"
import type { Db } from "../db/db"
import { mailOutbox } from "../db/schema/identity"
import type { Services } from "../http/context"
import { ApiError } from "../http/errors"
import { enqueue, type JobHandler } from "./jobs"

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

/** The job that hands a mail to the SMTP server (mailJob). */
export const MAIL_JOB = "mail.send"

interface QueuedMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string
  readonly messageId: string
}

/**
 * Answers where the mail went: `smtp` with its Message-ID, or `outbox` with the row id. With a mail server the mail
 * is a job in the caller's transaction (`db`, the one job queue): it leaves once that commits, outside any transaction,
 * and a refusal or an unreachable server retries with backoff, so nothing is sent for a write that rolled back and
 * nothing is lost while the mail server is away. Without one, in development, the outbox row is written in `db` (on
 * PGlite, one connection, a write beside an open transaction would wait for it forever).
 */
export const sendMail = async (
  services: Services,
  mail: Mail,
  db: Db = services.database.db,
): Promise<{ via: "smtp" | "outbox"; id: string }> => {
  const { config } = services
  if (config.smtpUrl) {
    const messageId = `<${randomBytes(16).toString("hex")}@${mailDomainOf(config)}>`
    const queued: QueuedMail = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId }
    await enqueue(db, { kind: MAIL_JOB, clientId: mail.clientId ?? null, payload: { ...queued }, maxAttempts: 10 })
    return { via: "smtp", id: messageId }
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

/**
 * Sends a queued mail (before the job's transaction: an SMTP dialogue holds no database connection); a throw retries
 * it (1 s, 2 s, 4 s ... up to 10 minutes apart, ten attempts). Once sent, the job keeps no copy of the mail: a reset
 * link must not outlive its delivery in the jobs table.
 */
export const mailJob: JobHandler = {
  kind: MAIL_JOB,
  prepare: async (job, { services }) => {
    const url = services.config.smtpUrl
    if (!url) throw new Error("No mail server is configured (SMTP_URL)")
    const mail = job.payload as unknown as QueuedMail
    try {
      await transporterFor(url).sendMail({ from: mailFromOf(services.config), ...mail })
    } catch (error) {
      console.error(`[mail] the mail server refused a message (attempt ${job.attempts}):`, error instanceof Error ? error.message : error)
      throw error
    }
  },
  run: async (job, { db }) => {
    await db.execute(sql`UPDATE jobs SET payload = '{}'::jsonb WHERE id = ${job.id}`)
  },
}
