/**
 * A business registers itself, before anyone is signed in (these three calls carry no credential): the form lists the
 * countries, uploads its documents (PDF, PNG or JPEG up to 10 MiB each, through the uploads feature; kept under the
 * platform until a registration claims them, and removed after a day if none does), then registers. The business is
 * created pending (nobody can sign in to it) with onboarding status `submitted`; the admin it asked for is created
 * when a super admin approves it (server/features/businesses/review.ts).
 */
import { sql } from "drizzle-orm"
import type { Schedule } from "../../core/jobs"
import { hashPassword } from "../../auth/password"
import { rowsOf } from "../../db/rows"
import { badRequest, conflict } from "../../http/errors"
import { CLIENT_COLUMNS, clientOf } from "../businesses"
import { handle } from "../../core/registry"
import { storeUpload } from "../uploads"

export const DOCUMENT_TYPES: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg"])
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** How long an uploaded document waits for the registration that names it. */
const UNCLAIMED_HOURS = 24

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
    const attachment = await storeUpload(ctx, Number(platform.id), input, { accept: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES })
    await ctx.db.execute(
      sql`INSERT INTO registration_documents (attachment_id, document_type) VALUES (${attachment.id}, ${input.document_type})`,
    )
    return { data: attachment }
  }),

  handle("onboarding", "register", async (ctx, input) => {
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
    const ids = [...new Set(input.document_ids ?? [])]
    if (ids.length > 0) {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
      const claimed = rowsOf(
        await ctx.db.execute(sql`UPDATE registration_documents SET client_id = ${clientId}
          WHERE attachment_id IN (${list}) AND client_id IS NULL AND created_at > now() - make_interval(hours => ${UNCLAIMED_HOURS})
          RETURNING attachment_id`),
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
    tick: async (db) => {
      const gone = rowsOf(
        await db.execute(sql`DELETE FROM attachments WHERE id IN (SELECT attachment_id FROM registration_documents
          WHERE client_id IS NULL AND created_at < now() - make_interval(hours => ${UNCLAIMED_HOURS})) RETURNING id`),
      )
      return gone.length
    },
  },
]
