/** Contacts as the contract's `Contact`, and the customer a number names (alias ct = contacts). */
import { sql } from "drizzle-orm"
import type { Contact } from "../../../src/contract/schemas/contacts"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { notFound } from "../../http/errors"
import { iso, isoOrNull } from "../../core/date-range"
import { rowsOf } from "../../db/rows"

export const CONTACT_COLUMNS = sql`ct.id, ct.number, ct.name, ct.email, ct.channel, ct.blocked, ct.attributes, ct.created_at, ct.last_inbound_at,
  coalesce((SELECT array_agg(gm.group_id ORDER BY gm.group_id) FROM contact_group_members gm WHERE gm.contact_id = ct.id), '{}') AS group_ids`

/** The contact book's columns: the contact plus its flags and tags. */
export const BOOK_COLUMNS = sql`${CONTACT_COLUMNS},
  coalesce((SELECT array_agg(x.flag_id ORDER BY x.flag_id) FROM contact_flags x WHERE x.contact_id = ct.id), '{}') AS flag_ids,
  coalesce((SELECT array_agg(x.tag_id ORDER BY x.tag_id) FROM contact_tags x WHERE x.contact_id = ct.id), '{}') AS tag_ids`

const parsed = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)
/** pg answers an aggregated array as '{1,2}' when it does not parse arrays of that type. */
const arrayOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === "string" && value.startsWith("{")
      ? value
          .slice(1, -1)
          .split(",")
          .filter(Boolean)
          .map((s) => s.replace(/^"|"$/g, ""))
      : []

export const contactOf = (r: Record<string, unknown>): Contact => ({
  id: Number(r.id),
  number: String(r.number),
  name: r.name === null || r.name === undefined || r.name === "" ? null : String(r.name),
  email: (r.email as string | null) ?? null,
  channel_type: String(r.channel) as Channel,
  blocked: Boolean(r.blocked),
  attributes: (parsed(r.attributes) as Contact["attributes"] | null) ?? {},
  group_ids: arrayOf(r.group_ids).map(Number),
  created_at: iso(r.created_at),
  last_seen_at: isoOrNull(r.last_inbound_at),
  ...("flag_ids" in r ? { flag_ids: arrayOf(r.flag_ids).map(Number), tag_ids: arrayOf(r.tag_ids).map(Number) } : {}),
})

export const namesOf = arrayOf

/**
 * The tenant's customer with this number. One number can be a contact on several channels (WhatsApp and SMS): the
 * one that wrote last is the customer the chat panel shows.
 */
export const contactRowByNumber = async (db: Db, clientId: number, number: string): Promise<Record<string, unknown>> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT ${CONTACT_COLUMNS} FROM contacts ct WHERE ct.client_id = ${clientId} AND ct.number = ${number}
    ORDER BY ct.last_inbound_at DESC NULLS LAST, ct.id LIMIT 1`),
  )
  if (!row) throw notFound("Customer")
  return row
}
