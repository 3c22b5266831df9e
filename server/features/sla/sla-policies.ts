/**
 * The SLA policies screen's calls: list, create, update, delete. A policy measures at least one target; its segment
 * must be the tenant's. Conversations pick their policy when their clock is next read or checked (sla-assess.ts); a
 * saved policy has the open conversations it matches checked at once (sla-sweep.ts).
 */
import { sql } from "drizzle-orm"
import type { SlaPolicyInput } from "../../../src/contract/groups/sla"
import { handle } from "../../core/registry"
import { rowsOf } from "../../db/rows"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, notFound } from "../../http/errors"
import { loadSegment } from "../segments"
import { columnsOf, policiesOf, policyOf, slaInForce } from "./sla-rows"
import { sweepPolicy } from "./sla-sweep"

const check = async (ctx: Ctx, clientId: number, input: SlaPolicyInput) => {
  if (input.first_response_seconds === null && input.next_response_seconds === null && input.resolution_seconds === null)
    throw badRequest("Set at least one target", "first_response_seconds")
  if (input.segment_id !== null) await loadSegment(ctx.db, clientId, input.segment_id)
}

export const handlers = [
  handle("sla", "slaPolicies", async (ctx) => ({ data: await policiesOf(ctx.db, tenantOf(ctx)) })),

  handle("sla", "slaPolicyCreate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await check(ctx, clientId, input)
    const c = columnsOf(input)
    slaInForce.forget(ctx.db, clientId)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO sla_policies (client_id, name, priority, channel, segment_id, first_response_seconds,
        next_response_seconds, resolution_seconds, near_percent, near_actions, breach_actions, enabled)
        VALUES (${clientId}, ${c.name}, ${c.priority}, ${c.channel}, ${c.segment_id}, ${c.first_response_seconds},
          ${c.next_response_seconds}, ${c.resolution_seconds}, ${c.near_percent}, ${c.near_actions}::jsonb, ${c.breach_actions}::jsonb,
          ${c.enabled}) RETURNING *`),
    )
    await sweepPolicy(ctx.db, clientId, Number(row.id))
    return { data: policyOf(row) }
  }),

  handle("sla", "slaPolicyUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await check(ctx, clientId, input)
    const c = columnsOf(input)
    slaInForce.forget(ctx.db, clientId)
    const [row] = rowsOf(
      await ctx.db.execute(sql`UPDATE sla_policies SET name = ${c.name}, priority = ${c.priority}, channel = ${c.channel},
        segment_id = ${c.segment_id}, first_response_seconds = ${c.first_response_seconds},
        next_response_seconds = ${c.next_response_seconds}, resolution_seconds = ${c.resolution_seconds},
        near_percent = ${c.near_percent}, near_actions = ${c.near_actions}::jsonb, breach_actions = ${c.breach_actions}::jsonb,
        enabled = ${c.enabled} WHERE id = ${input.id} AND client_id = ${clientId} RETURNING *`),
    )
    if (!row) throw notFound("SLA policy")
    await sweepPolicy(ctx.db, clientId, Number(row.id))
    return { data: policyOf(row) }
  }),

  handle("sla", "slaPolicyDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    slaInForce.forget(ctx.db, clientId)
    const [row] = rowsOf(
      await ctx.db.execute(sql`DELETE FROM sla_policies WHERE id = ${input.id} AND client_id = ${clientId} RETURNING id`),
    )
    if (!row) throw notFound("SLA policy")
    return { data: { ok: true } }
  }),
]
