/**
 * Segment rules as a set of one tenant's contact ids (column `contact_id`, each once), for counting: every condition is
 * an index range scan that yields ids without reading contacts (attributes from `contact_attributes`, migration 0036;
 * tags, flags, groups from their link tables; channel and last message from narrow indexes on contacts), and the rules
 * intersect (all) or unite (any) those sets; a negated condition is subtracted. It reads the rules exactly as the row
 * predicate of segment-sql.ts does (both are checked against one naive evaluator in segment-sql.test.ts); the predicate
 * stays for one contact's segments and for filters combined with other filters.
 */
import { sql, type SQL } from "drizzle-orm"
import type { SegmentCondition, SegmentRules } from "../../../src/contract/schemas/segment-rules"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { checkRules, instantOf, NUMERIC } from "./segment-sql"

/** A condition's contacts: `ids`, or (when `complement`) every contact of the tenant but `ids`. */
interface IdSet {
  readonly ids: SQL
  readonly complement: boolean
}

const everyone = (clientId: number) => sql`SELECT id AS contact_id FROM contacts WHERE client_id = ${clientId}`
const having = (ids: SQL, complement = false): IdSet => ({ ids, complement })

/**
 * The holders of attribute `key` whose value passes `text` (values that do not read as numbers, and JSON nulls) or
 * `number` (values that do, `num` and their text `value`): one range scan of each partial index of migration 0036.
 */
const withAttribute = (clientId: number, key: string, text: SQL | null, number: SQL | null) => {
  const scan = (where: SQL) => sql`SELECT contact_id FROM contact_attributes WHERE client_id = ${clientId} AND key = ${key} AND ${where}`
  const parts = [text && scan(sql`num IS NULL AND ${text}`), number && scan(sql`num IS NOT NULL AND ${number}`)].filter((x) => x !== null)
  return sql.join(parts, sql` UNION ALL `)
}

const attributeSet = (clientId: number, c: Extract<SegmentCondition, { type: "attribute" }>): IdSet => {
  const value = c.value ?? ""
  const numeric = new RegExp(NUMERIC).test(value)
  const of = (text: SQL | null, number: SQL | null) => withAttribute(clientId, c.key, text, number)
  const equal = numeric ? of(null, sql`num = ${value}::numeric AND value = ${value}`) : of(sql`value = ${value}`, null)
  switch (c.operator) {
    case "exists":
      return having(of(sql`TRUE`, sql`TRUE`))
    case "not_exists":
      return having(of(sql`TRUE`, sql`TRUE`), true)
    case "eq":
      return having(equal)
    case "neq":
      return having(equal, true)
    case "contains": {
      const contains = sql`strpos(lower(value COLLATE "default"), lower(${value})) > 0`
      return having(of(contains, contains))
    }
    case "gt":
    case "lt": {
      const op = sql.raw(c.operator === "gt" ? ">" : "<")
      // As the predicate: numbers compare as numbers when both sides are numbers, anything else as text in code-point order.
      return having(of(sql`value ${op} ${value}`, numeric ? sql`num ${op} ${value}::numeric` : sql`value ${op} ${value}`))
    }
  }
}

/** Holders of a tag, flag or group of this tenant (the link tables carry no tenant: the tag's row does). */
const linked = (clientId: number, link: string, column: string, owner: string, id: number) =>
  sql`SELECT x.contact_id FROM ${sql.raw(link)} x WHERE x.${sql.raw(column)} = ${id}
    AND EXISTS (SELECT 1 FROM ${sql.raw(owner)} o WHERE o.id = ${id} AND o.client_id = ${clientId})`

const conditionSet = (clientId: number, c: SegmentCondition): IdSet => {
  switch (c.type) {
    case "attribute":
      return attributeSet(clientId, c)
    case "tag":
      return having(linked(clientId, "contact_tags", "tag_id", "tags", c.id), c.negate === true)
    case "flag":
      return having(linked(clientId, "contact_flags", "flag_id", "flags", c.id), c.negate === true)
    case "group":
      return having(linked(clientId, "contact_group_members", "group_id", "contact_groups", c.id), c.negate === true)
    case "label":
      return having(
        sql`SELECT DISTINCT xc.contact_id FROM conversations xc JOIN conversation_labels xl ON xl.conversation_id = xc.id
          WHERE xc.client_id = ${clientId} AND xl.label_id = ${c.id} AND xc.contact_id IS NOT NULL`,
        c.negate === true,
      )
    case "channel":
      return having(sql`SELECT id AS contact_id FROM contacts WHERE client_id = ${clientId} AND channel = ${c.channel}`)
    case "last_message":
      return having(
        sql`SELECT id AS contact_id FROM contacts WHERE client_id = ${clientId}
          AND last_inbound_at ${sql.raw(c.operator === "before" ? "<" : ">")} ${instantOf(c.at)}::timestamptz`,
      )
    case "open_ticket":
      return having(
        sql`SELECT DISTINCT coalesce(xt.contact_id, xc.contact_id) AS contact_id FROM tickets xt
          LEFT JOIN conversations xc ON xc.id = xt.conversation_id
          WHERE xt.client_id = ${clientId} AND xt.status <> 'Resolved' AND coalesce(xt.contact_id, xc.contact_id) IS NOT NULL`,
        !c.value,
      )
  }
}

const joined = (sets: readonly SQL[], op: "INTERSECT" | "UNION") =>
  sets.length === 1
    ? sets[0]
    : sql.join(
        sets.map((s) => sql`(${s})`),
        sql.raw(` ${op} `),
      )
const rest = (clientId: number, set: IdSet) => (set.complement ? sql`(${everyone(clientId)}) EXCEPT (${set.ids})` : set.ids)

/**
 * Sets united without de-duplicating the whole: each set less the ids of the sets before it (hashed once each), so no
 * hash holds the union (a million ids: UNION's hash aggregate was the slowest step of an `any` count).
 */
const disjointUnion = (sets: readonly SQL[]): SQL =>
  sql.join(
    sets.map((set, i) =>
      i === 0
        ? sql`(${set})`
        : sql`(SELECT s.contact_id FROM (${set}) s WHERE ${sql.join(
            sets.slice(0, i).map((before) => sql`s.contact_id NOT IN (${before})`),
            sql` AND `,
          )})`,
    ),
    sql` UNION ALL `,
  )

/** The tenant's contacts the rules pick, as `SELECT contact_id`, each once. */
export const rulesIdsSql = (clientId: number, rules: SegmentRules): SQL => {
  checkRules(rules)
  if (rules.conditions.length === 0) return everyone(clientId)
  const sets = rules.conditions.map((c) => conditionSet(clientId, c))
  if (rules.match === "any") return disjointUnion(sets.map((s) => rest(clientId, s)))
  const kept = sets.filter((s) => !s.complement).map((s) => s.ids)
  const dropped = sets.filter((s) => s.complement).map((s) => s.ids)
  const base = kept.length ? joined(kept, "INTERSECT") : everyone(clientId)
  return dropped.length ? sql`(${base}) EXCEPT (${joined(dropped, "UNION")})` : base
}

/** A stored segment's members: its rules' contacts and those put in by hand (segment-sql.ts `segmentSql`). */
export const segmentIdsSql = (clientId: number, segment: { id: number; rules: SegmentRules; handPlaced?: boolean }): SQL =>
  segment.handPlaced === false
    ? rulesIdsSql(clientId, segment.rules)
    : sql`(${rulesIdsSql(clientId, segment.rules)}) UNION (SELECT xs.contact_id FROM contact_segments xs
        JOIN contacts xc ON xc.id = xs.contact_id AND xc.client_id = ${clientId} WHERE xs.segment_id = ${segment.id})`

/**
 * How many contacts `ids` (a `SELECT contact_id`, each once) holds. Uniting or intersecting sets of up to a million
 * ids is a hash of that many ints: with the default 4 MB of work memory it spilled to disk in 21 batches (several times
 * slower), so the count runs with enough memory to keep it (about 50 MB at a million).
 */
export const countIds = async (db: Db, ids: SQL): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
    const [row] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS n FROM (${ids}) m`))
    return Number(row.n)
  })
