/** What a bot knows of the customer when their message arrives (BotFacts): tags, segments the flow asks about, hours. */
import { sql } from "drizzle-orm"
import type { BotFacts } from "../../../src/contract/chatbots/flow-step"
import type { BotFlow } from "../../../src/contract/schemas/chatbots"
import type { Channel } from "../../../src/contract/schemas/common"
import type { WorkingDay } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { loadSegment, segmentSql } from "../segments"
import { inWorkingHours } from "./working-hours"

const json = <T>(value: unknown, empty: T): T =>
  value === null || value === undefined ? empty : ((typeof value === "string" ? JSON.parse(value) : value) as T)

/** Whether the tenant is open at `at`. */
export const tenantInHours = async (db: Db, clientId: number, at: Date): Promise<boolean> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT tenant_zone(${clientId}::int) AS zone,
      (SELECT value FROM client_settings WHERE client_id = ${clientId} AND key = 'working_hours') AS hours`),
  )
  return inWorkingHours(json<WorkingDay[]>(row?.hours, []), String(row?.zone ?? "UTC"), at)
}

const segmentIdsOf = (flow: BotFlow | null): number[] =>
  flow ? flow.nodes.flatMap((n) => (n.kind === "condition" && n.test.on === "segment" ? [n.test.segment_id] : [])) : []

export const factsOf = async (
  db: Db,
  clientId: number,
  contactId: number,
  channel: Channel,
  inHours: boolean,
  flow: BotFlow | null,
): Promise<BotFacts> => {
  const [contact] = rowsOf(
    await db.execute(sql`SELECT ct.attributes,
      coalesce((SELECT json_agg(t.name) FROM contact_tags x JOIN tags t ON t.id = x.tag_id WHERE x.contact_id = ct.id), '[]'::json) AS tags
      FROM contacts ct WHERE ct.id = ${contactId} AND ct.client_id = ${clientId}`),
  )
  const attributes = Object.fromEntries(
    Object.entries(json<Record<string, unknown>>(contact?.attributes, {})).map(([k, v]) => [
      k,
      typeof v === "string" ? v : JSON.stringify(v),
    ]),
  )
  const segments: number[] = []
  for (const id of new Set(segmentIdsOf(flow))) {
    const segment = await loadSegment(db, clientId, id).catch(() => null)
    if (!segment) continue
    const [member] = rowsOf(
      await db.execute(sql`SELECT 1 FROM contacts ct WHERE ct.id = ${contactId} AND ct.client_id = ${clientId} AND ${segmentSql(segment)}`),
    )
    if (member) segments.push(id)
  }
  return { channel, tags: json<string[]>(contact?.tags, []), segments, inHours, attributes }
}
