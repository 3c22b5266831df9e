/**
 * The public information-collection form, for anyone holding the link (no login, no access list): POST
 * `<api>/public/contact-form/fields` answers the form's fields, POST `<api>/public/contact-form/submit` saves the
 * answers on the contact of the given number (E.164 with libphonenumber-js in the tenant's `default_country`; created
 * when new), in one transaction. The tenant is read from the signed token; a tampered token is a 403 and a revoked
 * one (the form turned off since) a 410. Each address may submit FORM_SUBMITS_PER_MINUTE times a minute
 * (@fastify/rate-limit, the project's limiter; 429 with Retry-After). Bad answers are a 400 naming the field, and
 * nothing is written.
 */
import { sql } from "drizzle-orm"
import { Schema } from "effect"
import type { FastifyInstance } from "fastify"
import type { ContactFormField, ContactFormSettings } from "../../../src/contract/schemas/contacts"
import { type AnswerProblem, answerProblem, FORM_ANSWER_MAX } from "../../../src/contract/contact-form-answers"
import type { Db } from "../../db/db"
import { rowsOf, settingValueOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { ApiError, badRequest } from "../../http/errors"
import { e164Of, mergeAttributes } from "../contacts"
import type { HttpRoutes } from "../../core/registry"
import { FORM_KEY } from "./contact-form-link"
import { readFormToken } from "./contact-form-token"

export const FORM_SUBMITS_PER_MINUTE = 20

/**
 * The form's own client_settings rows (its fields `contact_form`, its link's key) and the tenant's `default_country`,
 * by key (a json value node-postgres parsed, or its text from PGlite).
 */
const formSettingsOf = async (db: Db, clientId: number): Promise<Record<string, unknown>> => {
  const rows = rowsOf(
    await db.execute(sql`SELECT key, value FROM client_settings WHERE client_id = ${clientId}
      AND key IN ('contact_form', ${FORM_KEY}, 'default_country')`),
  )
  return Object.fromEntries(rows.map((r) => [String(r.key), settingValueOf(r.value)]))
}

const Body = Schema.Struct({
  token: Schema.String.check(Schema.isMaxLength(300)),
  number: Schema.optional(Schema.String.check(Schema.isMaxLength(40))),
  values: Schema.optional(Schema.Record(Schema.String, Schema.String)),
})
const decodeBody = Schema.decodeUnknownExit(Body)

interface OpenForm {
  readonly clientId: number
  readonly clientName: string
  readonly fields: readonly ContactFormField[]
  readonly country: string | null
}

/** The tenant's form for this token, or why not. */
const openForm = async (db: Db, secret: string, token: string): Promise<OpenForm> => {
  const read = readFormToken(secret, token)
  if (!read) throw new ApiError(403, "FORM_LINK_INVALID", "This form link is not valid. Ask the business for a new one.")
  const settings = await formSettingsOf(db, read.clientId)
  const form = settings.contact_form as ContactFormSettings | undefined
  if (!form?.enabled || settings[FORM_KEY] !== read.key)
    throw new ApiError(410, "FORM_LINK_REVOKED", "This form is no longer open. Ask the business for a new link.")
  const [client] = rowsOf(await db.execute(sql`SELECT name FROM clients WHERE id = ${read.clientId}`))
  const country = typeof settings.default_country === "string" ? settings.default_country : null
  return { clientId: read.clientId, clientName: String(client?.name ?? ""), fields: form.fields, country }
}

const bodyOf = (raw: unknown) => {
  const decoded = decodeBody(raw)
  if (decoded._tag === "Failure") throw badRequest("The form's answers are not readable", "body")
  return decoded.value
}

const SAYS: Record<AnswerProblem, string> = {
  required: "is required",
  tooLong: `is longer than ${FORM_ANSWER_MAX} characters`,
  email: "is not an email address",
  number: "is not a number",
  date: "is not a date",
}

/** Each answer checked against its field (src/contract/contact-form-answers.ts); the first problem is a 400 naming the field. */
export const answersOf = (fields: readonly ContactFormField[], values: Readonly<Record<string, string>>) => {
  const out: Record<string, string | number> = {}
  for (const field of fields) {
    const problem = answerProblem(field, values[field.key])
    if (problem) throw badRequest(`${field.label ?? field.key} ${SAYS[problem]}`, field.key)
    const text = (values[field.key] ?? "").trim()
    if (text) out[field.key] = field.type === "number" ? Number(text) : text
  }
  return out
}

/** The answers on the contact of this number (the newest of its channels), or a new WhatsApp contact. */
const saveAnswers = async (db: Db, form: OpenForm, number: string, answers: Record<string, string | number>) => {
  const { name, email, ...attributes } = answers
  const bare = number.replace(/^\+/, "")
  const [contact] = rowsOf(
    await db.execute(sql`SELECT id, attributes FROM contacts WHERE client_id = ${form.clientId} AND number IN (${number}, ${bare})
      ORDER BY last_inbound_at DESC NULLS LAST, id LIMIT 1 FOR UPDATE`),
  )
  if (!contact) {
    const [row] = rowsOf(
      await db.execute(sql`INSERT INTO contacts (client_id, name, number, email, channel, attributes)
        VALUES (${form.clientId}, ${name === undefined ? number : String(name)}, ${number}, ${email === undefined ? null : String(email)},
          'whatsapp', ${JSON.stringify(mergeAttributes({}, attributes))}::jsonb) RETURNING id`),
    )
    return { contactId: Number(row.id), created: true }
  }
  const before = (typeof contact.attributes === "string" ? JSON.parse(contact.attributes) : contact.attributes) as Record<string, unknown>
  await db.execute(sql`UPDATE contacts SET attributes = ${JSON.stringify(mergeAttributes(before ?? {}, attributes))}::jsonb
    ${name === undefined ? sql`` : sql`, name = ${String(name)}`} ${email === undefined ? sql`` : sql`, email = ${String(email)}`}
    WHERE id = ${contact.id} AND client_id = ${form.clientId}`)
  return { contactId: Number(contact.id), created: false }
}

const routes = (app: FastifyInstance, services: Services) => {
  const base = `${services.config.apiBase}/public/contact-form`
  const limit = { rateLimit: { max: FORM_SUBMITS_PER_MINUTE, timeWindow: 60_000 } }
  app.post(`${base}/fields`, { config: { rateLimit: { max: FORM_SUBMITS_PER_MINUTE * 3, timeWindow: 60_000 } } }, async (req) => {
    const body = bodyOf(req.body)
    const form = await openForm(services.database.db, services.config.jwtSecret, body.token)
    return { data: { business: form.clientName, fields: form.fields } }
  })
  app.post(`${base}/submit`, { config: limit }, async (req) => {
    const body = bodyOf(req.body)
    const form = await openForm(services.database.db, services.config.jwtSecret, body.token)
    const number = e164Of(body.number ?? "", form.country)
    if (!number) throw badRequest("Enter your phone number with its country code", "number")
    const answers = answersOf(form.fields, body.values ?? {})
    const saved = await services.database.transaction((tx) => saveAnswers(tx, form, number, answers))
    return { data: { ok: true, created: saved.created } }
  })
}

export const httpRoutes: readonly HttpRoutes[] = [routes]
