/** Segments as the contract's `Segment` (alias s), and loading one of the caller's tenant. */
import { sql } from "drizzle-orm"
import type { Segment } from "../../../src/contract/schemas/tagging"
import type { SegmentRules } from "../../../src/contract/schemas/segment-rules"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { segmentSql } from "./segment-sql"
import { countIds, segmentIdsSql } from "./segment-sets"

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value)

export const rulesOf = (value: unknown): SegmentRules => {
  const rules = json(value) as Partial<SegmentRules> | null
  return { match: rules?.match === "any" ? "any" : "all", conditions: Array.isArray(rules?.conditions) ? rules.conditions : [] }
}

export interface SegmentRow {
  readonly id: number
  readonly name: string
  readonly description: string | null
  readonly rules: SegmentRules
  readonly createdAt: string
  readonly updatedAt: string
  /** Whether anyone was put in by hand (contact_segments); unknown (undefined) counts as yes. */
  readonly handPlaced?: boolean
}

/** A segment row's columns plus whether it has hand-placed members (segment-sql.ts leaves that test out when not). */
export const SEGMENT_COLUMNS = sql`s.*, EXISTS (SELECT 1 FROM contact_segments cs WHERE cs.segment_id = s.id) AS hand_placed`

export const segmentRowOf = (r: Record<string, unknown>): SegmentRow => ({
  id: Number(r.id),
  name: String(r.name),
  description: (r.description as string | null) ?? null,
  rules: rulesOf(r.rules),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  handPlaced: r.hand_placed === undefined ? undefined : r.hand_placed === true || r.hand_placed === "t",
})

export const loadSegment = async (db: Db, clientId: number, id: number): Promise<SegmentRow> => {
  const [row] = rowsOf(await db.execute(sql`SELECT ${SEGMENT_COLUMNS} FROM segments s WHERE s.id = ${id} AND s.client_id = ${clientId}`))
  if (!row) throw notFound("Segment")
  return segmentRowOf(row)
}

export const countMembers = async (db: Db, clientId: number, segment: SegmentRow): Promise<number> => {
  return countIds(db, segmentIdsSql(clientId, segment))
}

export const segmentOf = async (db: Db, clientId: number, segment: SegmentRow): Promise<Segment> => ({
  id: segment.id,
  name: segment.name,
  description: segment.description,
  rules: segment.rules,
  customers: await countMembers(db, clientId, segment),
  created_at: segment.createdAt,
  updated_at: segment.updatedAt,
})

/** The tenant's segments the contact is in now, newest entry first (hand placement time, else the segment's last change). */
export const segmentsOfContact = async (db: Db, clientId: number, contactId: number): Promise<SegmentRow[]> => {
  const all = rowsOf(await db.execute(sql`SELECT * FROM segments WHERE client_id = ${clientId} ORDER BY id`)).map(segmentRowOf)
  if (all.length === 0) return []
  const cases = all.map((s) => sql`(s.id = ${s.id} AND ${segmentSql(s)})`)
  const rows = rowsOf(
    await db.execute(sql`SELECT s.id, coalesce(cs.dt, s.updated_at) AS entered FROM segments s
      JOIN contacts ct ON ct.id = ${contactId} AND ct.client_id = ${clientId}
      LEFT JOIN contact_segments cs ON cs.segment_id = s.id AND cs.contact_id = ct.id
      WHERE s.client_id = ${clientId} AND (${sql.join(cases, sql` OR `)})
      ORDER BY entered DESC, s.id DESC`),
  )
  const byId = new Map(all.map((s) => [s.id, s]))
  return rows.map((r) => byId.get(Number(r.id))!)
}

/** Puts the contact in the segment by hand (entered now), or takes a hand placement out (`member` false). */
export const placeInSegment = async (db: Db, segmentId: number, contactId: number, member: boolean) => {
  if (!member) await db.execute(sql`DELETE FROM contact_segments WHERE segment_id = ${segmentId} AND contact_id = ${contactId}`)
  else
    await db.execute(sql`INSERT INTO contact_segments (segment_id, contact_id, dt) VALUES (${segmentId}, ${contactId}, now())
        ON CONFLICT (segment_id, contact_id) DO UPDATE SET dt = now()`)
}
