/**
 * The countdowns the chat header and the conversation lists show: for each open conversation asked about, its most
 * urgent open target as of now (sla-targets.ts `mostUrgent`), computed from its messages like every check is, so an
 * agent's reply stops the countdown at once.
 */
import { sql } from "drizzle-orm"
import type { SlaClock } from "../../../src/contract/groups/sla"
import { handle } from "../../core/registry"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { assessConversation, slaSettingOf } from "./sla-assess"
import { mostUrgent } from "./sla-targets"

export const handlers = [
  handle("sla", "slaClocks", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const setting = await slaSettingOf(ctx.db, clientId)
    if (setting.policies.length === 0 || input.conversation_ids.length === 0) return { data: [] }
    const open = rowsOf(
      await ctx.db.execute(sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND status <> 'closed'
        AND id IN (${sql.join(
          input.conversation_ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    ).map((r) => Number(r.id))
    const now = Date.now()
    const clocks: SlaClock[] = []
    for (const id of open) {
      const sla = await assessConversation(ctx.db, clientId, setting, id, now)
      const target = sla && mostUrgent(sla.targets)
      if (!sla || !target) continue
      clocks.push({
        conversation_id: id,
        policy_id: sla.policy.id,
        policy_name: sla.policy.name,
        metric: target.metric,
        state: target.breached ? "breached" : target.near ? "near" : target.ticking ? "running" : "paused",
        ticking: target.ticking,
        remaining_ms: target.remainingMs,
        due_at: target.dueAt === null ? null : new Date(target.dueAt).toISOString(),
        at: new Date(now).toISOString(),
      })
    }
    return { data: clocks }
  }),
]
