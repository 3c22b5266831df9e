/**
 * The segment compiler against a naive evaluator written here, over random contacts and random rules (fast-check),
 * on both databases: for every rule set, SQL picks exactly the contacts the plain reading of the rules picks, both as
 * the row predicate (segment-sql.ts) and as the id set that counts use (segment-sets.ts), after some contacts' attributes
 * were changed (one by one and in one statement) and some contacts deleted, so contact_attributes must have followed.
 */
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { sql } from "drizzle-orm"
import type { SegmentCondition, SegmentRules } from "../../../src/contract/schemas/segment-rules"
import { DB_KINDS, useServer } from "../../testing/harness"
import { rowsOf } from "../../db/rows"
import { rulesSql } from "./segment-sql"
import { rulesIdsSql } from "./segment-sets"

type Value = string | number | boolean | null
interface Person {
  readonly number: string
  readonly channel: "whatsapp" | "sms"
  readonly attributes: Record<string, Value>
  readonly lastInbound: string | null
  readonly tags: readonly number[]
}

const KEYS = ["a", "b"]
const VALUES: Value[] = ["1", "2", "10", "x", "X", "xy", 1, 2, 10, 1.5, true, false, null]
const TEXTS = ["1", "2", "10", "x", "X", "y", "1.5", "true"]
const DATES = ["2026-01-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z"]

const person = (i: number) =>
  fc.record({
    number: fc.constant(`+1999000${String(i).padStart(4, "0")}`),
    channel: fc.constantFrom("whatsapp" as const, "sms" as const),
    attributes: fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 2 }),
    lastInbound: fc.constantFrom(null, ...DATES),
    tags: fc.subarray([0, 1]),
  })

const condition = fc.oneof(
  fc.record({
    type: fc.constant("attribute" as const),
    key: fc.constantFrom(...KEYS),
    operator: fc.constantFrom(
      "eq" as const,
      "neq" as const,
      "contains" as const,
      "gt" as const,
      "lt" as const,
      "exists" as const,
      "not_exists" as const,
    ),
    value: fc.constantFrom(...TEXTS),
  }),
  fc.record({ type: fc.constant("tag" as const), id: fc.constantFrom(0, 1), negate: fc.boolean() }),
  fc.record({ type: fc.constant("channel" as const), channel: fc.constantFrom("whatsapp" as const, "sms" as const) }),
  fc.record({
    type: fc.constant("last_message" as const),
    operator: fc.constantFrom("before" as const, "after" as const),
    at: fc.constantFrom(...DATES),
  }),
)
const rulesArb = fc.record({ match: fc.constantFrom("all" as const, "any" as const), conditions: fc.array(condition, { maxLength: 4 }) })

const NUMERIC = /^-?[0-9]+(\.[0-9]+)?$/
/** What `attributes ->> key` gives: the text of a scalar, SQL NULL for a JSON null or a missing key. */
const textOf = (v: Value | undefined): string | null => (v === null || v === undefined ? null : String(v))

const holds = (p: Person, c: SegmentCondition, tagIds: readonly number[]): boolean => {
  switch (c.type) {
    case "attribute": {
      const field = textOf(p.attributes[c.key])
      const value = c.value ?? ""
      switch (c.operator) {
        case "exists":
          return c.key in p.attributes
        case "not_exists":
          return !(c.key in p.attributes)
        case "eq":
          return field === value
        case "neq":
          return field !== value
        case "contains":
          return field?.toLowerCase().includes(value.toLowerCase()) ?? false
        case "gt":
        case "lt": {
          if (field === null) return false
          const numeric = NUMERIC.test(field) && NUMERIC.test(value)
          const [l, r] = numeric ? [Number(field), Number(value)] : [field, value]
          return c.operator === "gt" ? l > r : l < r
        }
      }
      return false
    }
    case "tag": {
      const has = p.tags.some((i) => tagIds[i] === c.id)
      return c.negate ? !has : has
    }
    case "channel":
      return p.channel === c.channel
    case "last_message":
      return p.lastInbound !== null && (c.operator === "before" ? p.lastInbound < c.at : p.lastInbound > c.at)
    default:
      throw new Error(`not generated: ${c.type}`)
  }
}

const naive = (people: readonly Person[], rules: SegmentRules, tagIds: readonly number[]) =>
  people
    .filter((p) =>
      rules.conditions.length === 0
        ? true
        : rules.match === "all"
          ? rules.conditions.every((c) => holds(p, c, tagIds))
          : rules.conditions.some((c) => holds(p, c, tagIds)),
    )
    .map((p) => p.number)
    .sort()

describe.each(DB_KINDS)("segment rules compiler on %s", (kind) => {
  const ctx = useServer(kind)

  it("agrees with a naive evaluator over random contacts and random rules", async () => {
    const db = ctx.server.services.database.db
    const born = fc.sample(fc.tuple(...Array.from({ length: 66 }, (_, i) => person(i))), { numRuns: 1, seed: 14 })[0] as Person[]
    const later = fc.sample(fc.tuple(...Array.from({ length: 66 }, (_, i) => person(i))), { numRuns: 1, seed: 41 })[0] as Person[]
    const tagIds = rowsOf(await db.execute(sql`INSERT INTO tags (client_id, name) VALUES (2, 'prop-a'), (2, 'prop-b') RETURNING id`)).map(
      (r) => Number(r.id),
    )
    for (const p of born) {
      const [row] = rowsOf(
        await db.execute(sql`INSERT INTO contacts (client_id, name, number, channel, attributes, last_inbound_at)
          VALUES (2, 'Prop', ${p.number}, ${p.channel}, ${JSON.stringify(p.attributes)}::jsonb, ${p.lastInbound}::timestamptz) RETURNING id`),
      )
      for (const i of p.tags) await db.execute(sql`INSERT INTO contact_tags (tag_id, contact_id) VALUES (${tagIds[i]}, ${Number(row.id)})`)
    }
    // A third change their attributes: every sixth alone, the rest of them in one statement; every eleventh is deleted.
    const changed = born.map((p, i) => (i % 3 === 0 ? { ...p, attributes: later[i].attributes } : p))
    for (const [i, p] of changed.entries())
      if (i % 6 === 0)
        await db.execute(
          sql`UPDATE contacts SET attributes = ${JSON.stringify(p.attributes)}::jsonb WHERE client_id = 2 AND number = ${p.number}`,
        )
    const batch = changed.filter((_, i) => i % 3 === 0 && i % 6 !== 0)
    await db.execute(
      sql`UPDATE contacts ct SET attributes = v.attributes FROM (VALUES ${sql.join(
        batch.map((p) => sql`(${p.number}, ${JSON.stringify(p.attributes)}::jsonb)`),
        sql`, `,
      )}) AS v(number, attributes) WHERE ct.client_id = 2 AND ct.number = v.number`,
    )
    const gone = changed.filter((_, i) => i % 11 === 5).map((p) => p.number)
    await db.execute(
      sql`DELETE FROM contacts WHERE client_id = 2 AND number IN (${sql.join(
        gone.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    )
    const people = changed.filter((p) => !gone.includes(p.number))
    await fc.assert(
      fc.asyncProperty(rulesArb, async (generated) => {
        const rules = {
          ...generated,
          conditions: generated.conditions.map((c) => (c.type === "tag" ? { ...c, id: tagIds[c.id] } : c)),
        } as SegmentRules
        const picked = rowsOf(
          await db.execute(sql`SELECT ct.number FROM contacts ct WHERE ct.client_id = 2 AND ct.number LIKE '+1999000%' AND ${rulesSql(rules)}
            ORDER BY ct.number`),
        ).map((r) => String(r.number))
        expect(picked.sort()).toEqual(naive(people, rules, tagIds))
        const counted = rowsOf(
          await db.execute(sql`SELECT ct.number, m.n FROM contacts ct
            JOIN (SELECT contact_id, count(*)::int AS n FROM (${rulesIdsSql(2, rules)}) s GROUP BY contact_id) m ON m.contact_id = ct.id
            WHERE ct.number LIKE '+1999000%'`),
        )
        expect(counted.map((r) => String(r.number)).sort()).toEqual(picked)
        expect(counted.every((r) => Number(r.n) === 1)).toBe(true)
      }),
      { numRuns: 60, seed: 1414 },
    )
  }, 120_000)
})
