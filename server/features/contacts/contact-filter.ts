/**
 * The contact list's filter and the bulk actions' target as SQL over contacts `ct`, always inside the caller's tenant.
 * Search reads what was typed: a number (digits, with + ( ) - . and spaces) matches numbers that start or end with it,
 * an e-mail (anything with @) matches e-mail addresses that start with it (`@domain` anywhere) — on B-tree indexes of
 * migration 0015 —
 * and words match the trigram-indexed expression of migration 0008 (name, number, attribute values, lower-cased).
 */
import { sql, type SQL } from "drizzle-orm"
import type { ContactFilter, ContactTarget } from "../../../src/contract/schemas/contacts"
import type { Db } from "../../db/db"
import { likeOf, prefixLikeOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { loadSegment } from "../segments/segment-rows"
import { attributeEqualsSql, rulesSql, segmentSql } from "../segments/segment-sql"

const SEARCH_TEXT = sql`lower(ct.name || ' ' || ct.number || ' ' || ct.attributes::text)`

/** Typed digits as a number's start (`+90 532…`, `0090532…`) or its end (`532 123 45 67`, national `0532…`). */
const numberSearchSql = (search: string): SQL | null => {
  if (!/^\+?[\d\s().-]+$/.test(search)) return null
  const digits = search.replace(/\D/g, "")
  if (digits.length < 4) return null
  const start = `+${search.startsWith("00") ? digits.slice(2) : digits}`
  const end = digits.length >= 8 && digits.startsWith("0") && !digits.startsWith("00") ? digits.slice(1) : digits
  return sql`(ct.number LIKE ${prefixLikeOf(start)} OR reverse(ct.number) LIKE ${prefixLikeOf([...end].reverse().join(""))})`
}

export const searchSql = (search: string): SQL =>
  numberSearchSql(search) ??
  (search.includes("@")
    ? sql`lower(ct.email) LIKE ${(search.startsWith("@") ? likeOf : prefixLikeOf)(search.toLowerCase())}`
    : sql`${SEARCH_TEXT} LIKE ${likeOf(search.toLowerCase())}`)

const member = (table: string, column: string, id: number) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} x WHERE x.contact_id = ct.id AND x.${sql.raw(column)} = ${id})`

export const contactWhere = async (db: Db, clientId: number, filter: ContactFilter): Promise<SQL> => {
  const parts: SQL[] = [sql`ct.client_id = ${clientId}`]
  const search = filter.search?.trim()
  if (search) parts.push(searchSql(search))
  if (filter.attribute) {
    const { key, value } = filter.attribute
    parts.push(value === undefined ? sql`(ct.attributes ? ${key})` : attributeEqualsSql(key, value))
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
