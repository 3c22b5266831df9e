/**
 * A business registers itself, before anyone is signed in (these three calls carry no credential): the form lists the
 * countries, uploads its documents (PDF, PNG or JPEG up to 10 MiB each, through the uploads feature; kept under the
 * platform until a registration claims them, and removed after a day if none does), then registers. The business is
 * created pending (nobody can sign in to it) with onboarding status `submitted`; the admin it asked for is created
 * when a super admin approves it (server/features/businesses/review.ts).
 *
 * The applicant: the first upload answers a random `upload_token` (kept only as its SHA-256); the applicant's next
 * uploads and the registration present it, and a registration claims only documents uploaded under its token. One
 * applicant keeps at most APPLICANT_MAX_DOCUMENTS documents and APPLICANT_MAX_BYTES unclaimed. The uploads and
 * registrations one address may make are limited too (http/throttle.ts, config.registrationRatePerHour).
 */
import { createHash, randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Schedule } from "../../core/jobs"
import { hashPassword } from "../../auth/password"
import { rowsOf } from "../../db/rows"
import { ApiError, badRequest, conflict } from "../../http/errors"
import { CLIENT_COLUMNS, clientOf } from "../businesses"
import { handle } from "../../core/registry"
import type { Ctx } from "../../http/context"
import { storeUpload } from "../uploads"

export const DOCUMENT_TYPES: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg"])
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** How long an uploaded document waits for the registration that names it. */
const UNCLAIMED_HOURS = 24
/** What one applicant (one upload token) may keep unclaimed: the documents a registration can name, 25 MiB in all. */
export const APPLICANT_MAX_DOCUMENTS = 5
export const APPLICANT_MAX_BYTES = 25 * 1024 * 1024

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")
const unclaimed = (now: Date | null = null) =>
  sql`d.client_id IS NULL AND d.created_at > ${now ? sql`${now.toISOString()}::timestamptz` : sql`now()`} - make_interval(hours => ${UNCLAIMED_HOURS})`

/** The applicant's hash: a new token, or the presented one when it still holds unclaimed documents (and room for this one). */
const applicantOf = async (ctx: Ctx, presented: string | undefined, bytes: number) => {
  if (presented === undefined) {
    const token = randomBytes(24).toString("base64url")
    return { token, hash: hashOf(token) }
  }
  const hash = hashOf(presented)
  // One applicant at a time: two uploads at once cannot both pass the quota.
  await ctx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`registration:${hash}`}, 0))`)
  const [held] = rowsOf(
    await ctx.db.execute(sql`SELECT count(*)::int AS documents, coalesce(sum(a.size), 0)::float8 AS bytes
      FROM registration_documents d JOIN attachments a ON a.id = d.attachment_id WHERE d.applicant_hash = ${hash} AND ${unclaimed()}`),
  )
  if (Number(held.documents) === 0) throw badRequest("This upload token is unknown or expired; upload the documents again", "upload_token")
  if (Number(held.documents) >= APPLICANT_MAX_DOCUMENTS || Number(held.bytes) + bytes > APPLICANT_MAX_BYTES)
    throw new ApiError(
      413,
      "APPLICANT_QUOTA",
      `One registration may upload at most ${APPLICANT_MAX_DOCUMENTS} documents, ${APPLICANT_MAX_BYTES / 1024 / 1024} MiB in all`,
      "data_base64",
    )
  return { token: presented, hash }
}

/** The products a newly registered business starts with (the super admin can change them later). */
const STARTING_PRODUCTS = ["chat", "tickets", "templates"]

export const handlers = [
  handle("onboarding", "fetchCountries", async (ctx) => {
    const rows = rowsOf(await ctx.db.execute(sql`SELECT id, name, code, dial_code FROM countries ORDER BY name, id`))
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        iso_code: String(r.code),
        dial_code: String(r.dial_code),
        active: true,
      })),
    }
  }),

  handle("onboarding", "registrationUpload", async (ctx, input) => {
    const [platform] = rowsOf(await ctx.db.execute(sql`SELECT id FROM clients WHERE platform ORDER BY id LIMIT 1`))
    if (!platform) throw conflict("This server has no platform tenant to keep registration documents")
    const applicant = await applicantOf(ctx, input.upload_token, Math.floor((input.data_base64.length * 3) / 4))
    const attachment = await storeUpload(ctx, Number(platform.id), input, { accept: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES })
    await ctx.db.execute(sql`INSERT INTO registration_documents (attachment_id, document_type, applicant_hash)
      VALUES (${attachment.id}, ${input.document_type}, ${applicant.hash})`)
    return { data: { ...attachment, upload_token: applicant.token } }
  }),

  handle("onboarding", "register", async (ctx, input) => {
    const ids = [...new Set(input.document_ids ?? [])]
    if (ids.length > 0 && input.upload_token === undefined)
      throw badRequest("Present the upload_token your uploads answered", "upload_token")
    const [country] = rowsOf(await ctx.db.execute(sql`SELECT id FROM countries WHERE id = ${input.country_id}`))
    if (!country) throw badRequest("Choose a country from the list", "country_id")
    const [taken] = rowsOf(
      await ctx.db.execute(sql`SELECT 1 FROM users WHERE username = ${input.admin_username}
        UNION ALL SELECT 1 FROM business_registrations WHERE admin_username = ${input.admin_username}`),
    )
    if (taken) throw conflict("This username is taken", "admin_username")
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO clients (name, email, phone, country_id, status, onboarding_status, products)
        VALUES (${input.business_name.trim()}, ${input.email}, ${input.phone}, ${input.country_id},
          'pending', 'submitted', ${JSON.stringify(STARTING_PRODUCTS)}::jsonb)
        RETURNING id`),
    )
    const clientId = Number(row.id)
    await ctx.db.execute(sql`INSERT INTO business_registrations (client_id, admin_username, password_hash)
      VALUES (${clientId}, ${input.admin_username}, ${await hashPassword(input.password)})`)
    if (ids.length > 0 && input.upload_token !== undefined) {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
      const claimed = rowsOf(
        await ctx.db.execute(sql`UPDATE registration_documents d SET client_id = ${clientId}
          WHERE d.attachment_id IN (${list}) AND d.applicant_hash = ${hashOf(input.upload_token)} AND ${unclaimed()}
          RETURNING d.attachment_id`),
      )
      if (claimed.length !== ids.length) throw badRequest("A document was not found; upload it again", "document_ids")
      await ctx.db.execute(sql`UPDATE attachments SET client_id = ${clientId} WHERE id IN (${list})`)
      await ctx.db.execute(sql`UPDATE attachment_files SET client_id = ${clientId} WHERE attachment_id IN (${list})`)
    }
    const [created] = rowsOf(await ctx.db.execute(sql`SELECT ${CLIENT_COLUMNS} FROM clients c WHERE c.id = ${clientId}`))
    return { data: clientOf(created) }
  }),
]

/** Documents no registration claimed within a day are removed (their bytes go with them). */
export const schedules: Schedule[] = [
  {
    name: "onboarding.unclaimed-documents",
    tick: async (db, now) => {
      const gone = rowsOf(
        await db.execute(sql`DELETE FROM attachments WHERE id IN (SELECT d.attachment_id FROM registration_documents d
          WHERE d.client_id IS NULL AND NOT (${unclaimed(now)})) RETURNING id`),
      )
      return gone.length
    },
  },
]
