/**
 * Template rows: the contract's `Template` from a row, one template by id or by name (and language), scoped to a tenant.
 * The status rules (template-status.ts) and every handler read templates through here.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Template } from "../../../src/contract/schemas/templates"
import { paramCountOf } from "../../../src/contract/template-rules"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"

const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback
  return (typeof value === "string" ? JSON.parse(value) : value) as T
}
const iso = (value: unknown) => new Date(value as string | Date).toISOString()

/** The columns `templateOf` reads, with the assigned agents. */
export const TEMPLATE_COLUMNS = sql`t.id, t.client_id, t.name, t.language, t.category, t.status, t.header_type, t.header_value, t.header_example,
  t.body, t.body_examples, t.footer, t.buttons, t.rejected_reason, t.created_at, t.updated_at,
  coalesce((SELECT json_agg(a.user_id ORDER BY a.user_id) FROM template_assignments a WHERE a.template_id = t.id), '[]'::json) AS agent_ids`

export const templateOf = (r: Record<string, unknown>): Template => {
  const body = String(r.body)
  return {
    id: Number(r.id),
    client_id: Number(r.client_id),
    name: String(r.name),
    language: String(r.language),
    category: String(r.category) as Template["category"],
    status: String(r.status) as Template["status"],
    header_type: (r.header_type as string | null) ?? null,
    header: (r.header_value as string | null) ?? null,
    header_example: (r.header_example as string | null) ?? null,
    body,
    body_examples: json<string[]>(r.body_examples, []),
    footer: (r.footer as string | null) ?? null,
    buttons: json<Template["buttons"]>(r.buttons, []),
    params_count: paramCountOf(body),
    rejected_reason: (r.rejected_reason as string | null) ?? null,
    agent_ids: json<number[]>(r.agent_ids, []).map(Number),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at ?? r.created_at),
  }
}

const one = async (db: Db, where: SQL, what: string, lock: boolean): Promise<Template> => {
  const [row] = rowsOf(
    await db.execute(
      sql`SELECT ${TEMPLATE_COLUMNS} FROM templates t WHERE ${where} ORDER BY t.id LIMIT 1 ${lock ? sql`FOR UPDATE OF t` : sql``}`,
    ),
  )
  if (!row) throw notFound(what)
  return templateOf(row)
}

/** The tenant's template `id` (404 for another tenant's), locked for the transaction when `lock`. */
export const templateById = (db: Db, clientId: number, id: number, lock = false) =>
  one(db, sql`t.client_id = ${clientId} AND t.id = ${id}`, "Template", lock)

const namedWhat = (name: string, language?: string) => `Template ${name}${language ? ` (${language})` : ""}`

/** The tenant's template by name: in `language` when given, else the first made. */
export const templateByName = (db: Db, clientId: number, name: string, language?: string, lock = false) =>
  one(
    db,
    language === undefined
      ? sql`t.client_id = ${clientId} AND t.name = ${name}`
      : sql`t.client_id = ${clientId} AND t.name = ${name} AND t.language = ${language}`,
    namedWhat(name, language),
    lock,
  )

/**
 * `templateByName` inside a caller's own statement: the template (as one jsonb value, null when there is none) of
 * the tenant named by the SQL expressions given; `templateFromJson` reads it.
 */
export const templateJsonSql = (clientId: number, name: SQL, language: SQL) =>
  sql`(SELECT to_jsonb(tt) FROM (SELECT ${TEMPLATE_COLUMNS} FROM templates t
    WHERE t.client_id = ${clientId} AND t.name = ${name} AND t.language = ${language} ORDER BY t.id LIMIT 1) AS tt)`

/** The template `templateJsonSql` read, or the 404 `templateByName` answers when there was none. */
export const templateFromJson = (value: unknown, name: string, language: string): Template => {
  if (value === null || value === undefined) throw notFound(namedWhat(name, language))
  return templateOf(typeof value === "string" ? JSON.parse(value) : (value as Record<string, unknown>))
}
