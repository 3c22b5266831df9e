/**
 * The contact list's filter and the bulk actions' target as SQL over contacts `ct`, always inside the caller's tenant.
 * Search reads what was typed: a number (digits, with + ( ) - . and spaces) matches numbers that start or end with it,
 * an e-mail (anything with @) matches e-mail addresses that start with it (`@domain` anywhere) — on B-tree indexes of
 * migration 0015 —
 * and words start words of the name, number or attribute values (contact-words.ts, migration 0018).
 */
import { sql, type SQL } from "drizzle-orm"
import type { ContactFilter, ContactTarget } from "../../../src/contract/schemas/contacts"
import type { Db } from "../../db/db"
import { likeOf, prefixLikeOf } from "../../db/rows"
import { typedWords, wordMatchIds } from "./contact-words"
import { badRequest } from "../../http/errors"
import { loadSegment, attributeEqualsSql, rulesSql, segmentSql, rulesIdsSql, segmentIdsSql } from "../segments"

/** Typed digits as a number's start (`+90 532…`, `0090532…`) or its end (`532 123 45 67`, national `0532…`). */
const numberSearchSql = (search: string): SQL | null => {
  if (!/^\+?[\d\s().-]+$/.test(search)) return null
  const digits = search.replace(/\D/g, "")
  if (digits.length < 4) return null
  const start = `+${search.startsWith("00") ? digits.slice(2) : digits}`
  const end = digits.length >= 8 && digits.startsWith("0") && !digits.startsWith("00") ? digits.slice(1) : digits
  return sql`(ct.number LIKE ${prefixLikeOf(start)} OR reverse(ct.number) LIKE ${prefixLikeOf([...end].reverse().join(""))})`
}

/** What the search box matches: a number's start or end, an e-mail's start, or else words. */
export type Search = { readonly kind: "sql"; readonly where: SQL } | { readonly kind: "words"; readonly words: readonly string[] }

export const searchOf = async (db: Db, search: string): Promise<Search> => {
  const number = numberSearchSql(search)
  if (number) return { kind: "sql", where: number }
  if (search.includes("@"))
    return { kind: "sql", where: sql`lower(ct.email) LIKE ${(search.startsWith("@") ? likeOf : prefixLikeOf)(search.toLowerCase())}` }
  return { kind: "words", words: await typedWords(db, search) }
}

const searchWhere = (clientId: number, search: Search): SQL =>
  search.kind === "sql" ? search.where : sql`ct.id IN (${wordMatchIds(clientId, search.words)})`

const member = (table: string, column: string, id: number) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} x WHERE x.contact_id = ct.id AND x.${sql.raw(column)} = ${id})`

/**
 * The filter as SQL; `words` is set when the filter is a word search and nothing else, whose count and page the index
 * answers alone, and `ids` when it is a segment or rules and nothing else, counted as id sets (segment-sets.ts).
 */
export const contactQuery = async (
  db: Db,
  clientId: number,
  filter: ContactFilter,
): Promise<{ where: SQL; words?: readonly string[]; ids?: SQL }> => {
  const parts: SQL[] = [sql`ct.client_id = ${clientId}`]
  const text = filter.search?.trim()
  const search = text ? await searchOf(db, text) : undefined
  if (search) parts.push(searchWhere(clientId, search))
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
  const sets: SQL[] = []
  if (filter.segment_id !== undefined) {
    const segment = await loadSegment(db, clientId, filter.segment_id)
    parts.push(segmentSql(segment))
    sets.push(segmentIdsSql(clientId, segment))
  }
  if (filter.rules) {
    parts.push(rulesSql(filter.rules))
    sets.push(rulesIdsSql(clientId, filter.rules))
  }
  const where = sql.join(parts, sql` AND `)
  if (search?.kind === "words" && parts.length === 2) return { where, words: search.words }
  if (sets.length > 0 && parts.length === 1 + sets.length)
    return { where, ids: sets.length === 1 ? sets[0] : sql`(${sets[0]}) INTERSECT (${sets[1]})` }
  return { where }
}

export const contactWhere = async (db: Db, clientId: number, filter: ContactFilter): Promise<SQL> =>
  (await contactQuery(db, clientId, filter)).where

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
