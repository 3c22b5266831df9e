/**
 * A business (clients row) as the contract's Client, and the one rule for what a business's status means:
 * `clients.status` is what sign-in and every call check (server/auth/principal.ts) — pending until approved, active,
 * disabled, rejected, deleted — and `onboarding_status` is where its registration review stands.
 */
import { sql } from "drizzle-orm"
import type { Client } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { iso, isoOrNull } from "../../core/date-range"

/** Customer businesses that are not deleted (the platform tenant is never one), as SQL over `c` (clients). */
export const LISTED = sql`NOT c.platform AND c.deleted_at IS NULL`

/**
 * The businesses' counts, each defined here once: every listed business, the active ones (they can sign in), the
 * others (pending, disabled, rejected), and those whose registration awaits the super admin's review.
 */
export const businessCountsOf = async (db: Pick<Db, "execute">) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE c.status = 'active')::int AS active,
        count(*) FILTER (WHERE c.status <> 'active')::int AS inactive,
        count(*) FILTER (WHERE c.onboarding_status IN ('submitted', 'in_review'))::int AS onboarding
      FROM clients c WHERE ${LISTED}`),
  )
  return { total: Number(row.total), active: Number(row.active), inactive: Number(row.inactive), onboarding: Number(row.onboarding) }
}

export type BusinessStatus = "pending" | "active" | "disabled" | "rejected" | "deleted"

const ONBOARDING = new Set(["submitted", "in_review", "approved", "rejected"])

/** The columns clientOf reads, for queries that select a business. */
export const CLIENT_COLUMNS = sql.raw(
  "c.id, c.name, c.email, c.phone, c.country_id, c.address, c.website, c.logo_url, c.meta->>'contact_person' AS contact_person, c.subject, c.status, c.onboarding_status, c.rejection_reason, c.deleted_at, c.created_at",
)

const textOrNull = (value: unknown): string | null => (value === null || value === undefined || value === "" ? null : String(value))

export const clientOf = (r: Record<string, unknown>): Client => ({
  id: Number(r.id),
  name: String(r.name),
  email: String(r.email ?? ""),
  phone: textOrNull(r.phone),
  country_id: r.country_id === null || r.country_id === undefined ? null : Number(r.country_id),
  address: textOrNull(r.address),
  website: textOrNull(r.website),
  logo_url: textOrNull(r.logo_url),
  contact_person: textOrNull(r.contact_person),
  subject: textOrNull(r.subject),
  onboarding_status: (ONBOARDING.has(String(r.onboarding_status)) ? r.onboarding_status : "approved") as Client["onboarding_status"],
  rejection_reason: textOrNull(r.rejection_reason),
  active: r.status === "active",
  deleted_at: isoOrNull(r.deleted_at),
  created_at: iso(r.created_at),
})

/**
 * A customer business by id (never the platform tenant); deleted ones only when asked. `lock` takes the row for a
 * write, so two reviews or toggles of one business are serialised.
 */
export const loadBusiness = async (db: Db, id: number, options: { lock?: boolean; deleted?: boolean } = {}) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${CLIENT_COLUMNS} FROM clients c WHERE c.id = ${id} AND NOT c.platform
      ${options.deleted ? sql`` : sql`AND c.deleted_at IS NULL`} ${options.lock ? sql`FOR UPDATE` : sql``}`),
  )
  if (!row) throw notFound("Business")
  return { row, client: clientOf(row), status: String(row.status) as BusinessStatus }
}
