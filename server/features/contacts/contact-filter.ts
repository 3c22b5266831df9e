/**
 * The contact list's filter and the bulk actions' target as SQL over contacts `ct`, always inside the caller's tenant.
 * Search matches the trigram-indexed expression of migration 0008 (name, number, attribute values, lower-cased).
 */
import { sql, type SQL } from "drizzle-orm"
import type { ContactFilter, ContactTarget } from "../../../src/contract/schemas/contacts"
import type { Db } from "../../db/db"
import { likeOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { loadSegment } from "../segments/segment-rows"
import { rulesSql, segmentSql } from "../segments/segment-sql"

export const SEARCH_TEXT = sql`lower(ct.name || ' ' || ct.number || ' ' || ct.attributes::text)`

const member = (table: string, column: string, id: number) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} x WHERE x.contact_id = ct.id AND x.${sql.raw(column)} = ${id})`

export const contactWhere = async (db: Db, clientId: number, filter: ContactFilter): Promise<SQL> => {
  const parts: SQL[] = [sql`ct.client_id = ${clientId}`]
  const search = filter.search?.trim()
  if (search) parts.push(sql`${SEARCH_TEXT} LIKE ${likeOf(search.toLowerCase())}`)
  if (filter.attribute) {
    const { key, value } = filter.attribute
    parts.push(value === undefined ? sql`(ct.attributes ? ${key})` : sql`(ct.attributes ->> ${key}) = ${value}`)
  }
  if (filter.channel_type) parts.push(sql`ct.channel = ${filter.channel_type}`)
  if (filter.blocked !== undefined) parts.push(sql`ct.blocked = ${filter.blocked}`)
  if (filter.group_id !== undefined) parts.push(member("contact_group_members", "group_id", filter.group_id))
  if (filter.flag_id !== undefined) parts.push(member("contact_flags", "flag_id", filter.flag_id))
  if (filter.tag_id !== undefined) parts.push(member("contact_tags", "tag_id", filter.tag_id))
  if (filter.label_id !== undefined)
    parts.push(sql`EXISTS (SELECT 1 FROM conversations xc JOIN conversation_labels xl ON xl.conversation_id = xc.id
      WHERE xc.contact_id = ct.id AND xl.label_id = ${filter.label_id})`)
  if (filter.segment_id !== undefined) parts.push(segmentSql(await loadSegment(db, clientId, filter.segment_id)))
  if (filter.rules) parts.push(rulesSql(filter.rules))
  return sql.join(parts, sql` AND `)
}

/** The contacts a bulk action names: the selected numbers or all matching a filter (exactly one). */
export const targetWhere = async (db: Db, clientId: number, target: ContactTarget, field = "target"): Promise<SQL> => {
  if ((target.numbers === undefined) === (target.filter === undefined))
    throw badRequest("Send either numbers (the selection) or filter (all matching), not both or neither", field)
  if (target.numbers)
    return sql`ct.client_id = ${clientId} AND ct.number IN (${sql.join(
      target.numbers.map((n) => sql`${n}`),
      sql`, `,
    )})`
  return contactWhere(db, clientId, target.filter!)
}
