/**
 * Labels: the tenant's list (with how many conversations carry each), create/rename/recolour/delete, and putting a
 * label on or off a conversation. Every change to a conversation's labels is announced to the tenant's agents as
 * `chat:conversation` after the commit (chat/conversation-rows.ts), so chips appear and vanish without a reload;
 * deleting or renaming a label announces every conversation that carried it.
 */
import { sql, type SQL } from "drizzle-orm"
import type { Label } from "../../../src/contract/schemas/tagging"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { iso } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"
import { publishConversation, selectConversations } from "../chat"

const COLUMNS = sql`l.id, l.name, l.color, l.created_at,
  (SELECT count(*)::int FROM conversation_labels cl WHERE cl.label_id = l.id) AS conversations`

const labelOf = (r: Record<string, unknown>): Label => ({
  id: Number(r.id),
  name: String(r.name),
  color: String(r.color),
  conversations: Number(r.conversations ?? 0),
  created_at: iso(r.created_at),
})

const loadLabel = async (ctx: Ctx, clientId: number, id: number) => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${COLUMNS} FROM labels l WHERE l.id = ${id} AND l.client_id = ${clientId}`))
  if (!row) throw notFound("Label")
  return labelOf(row)
}

/** 409 naming the field when another label of the tenant has the name (case does not make a new label). */
const checkName = async (ctx: Ctx, clientId: number, name: string | undefined, exceptId: number | null) => {
  if (name === undefined) return
  const [clash] = rowsOf(
    await ctx.db.execute(
      sql`SELECT id FROM labels WHERE client_id = ${clientId} AND lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`,
    ),
  )
  if (clash) throw conflict(`A label named "${name}" already exists`, "name")
}

const conversationOfTenant = async (ctx: Ctx, clientId: number, id: number) => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT id FROM conversations WHERE id = ${id} AND client_id = ${clientId}`))
  if (!row) throw notFound("Conversation")
}

/** Open conversations only: a closed one is history, and announcing thousands of them would flood every agent. */
const labelledOpen = async (ctx: Ctx, labelId: number) =>
  rowsOf(
    await ctx.db.execute(sql`SELECT cl.conversation_id FROM conversation_labels cl JOIN conversations c ON c.id = cl.conversation_id
    WHERE cl.label_id = ${labelId} AND c.status <> 'closed' LIMIT 500`),
  ).map((r) => Number(r.conversation_id))

const announceAll = async (ctx: Ctx, conversationIds: readonly number[]) => {
  for (const id of conversationIds) await publishConversation(ctx, id)
}

export const handlers = [
  handle("tagging", "labels", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 10)
    const parts: SQL[] = [sql`l.client_id = ${clientId}`]
    if (input.search?.trim()) parts.push(sql`l.name ILIKE ${likeOf(input.search)}`)
    const where = sql.join(parts, sql` AND `)
    const rows = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${COLUMNS} FROM labels l WHERE ${where} ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM labels l WHERE ${where}`))
    return { data: { items: rows.map(labelOf), totalItems: Number(count?.n ?? 0), page, limit } }
  }),

  handle("tagging", "createLabel", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkName(ctx, clientId, input.name, null)
    const [row] = rowsOf(
      await ctx.db.execute(
        sql`INSERT INTO labels (client_id, name, color) VALUES (${clientId}, ${input.name}, ${input.color}) RETURNING id`,
      ),
    )
    return { data: await loadLabel(ctx, clientId, Number(row.id)) }
  }),

  handle("tagging", "updateLabel", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Label")
    const before = await loadLabel(ctx, clientId, id)
    await checkName(ctx, clientId, input.name, id)
    const sets: SQL[] = []
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.color !== undefined) sets.push(sql`color = ${input.color}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send name or color")
    await ctx.db.execute(sql`UPDATE labels SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND client_id = ${clientId}`)
    // Conversations show label names: a rename changes what agents see.
    if (input.name !== undefined && input.name !== before.name) await announceAll(ctx, await labelledOpen(ctx, id))
    return { data: await loadLabel(ctx, clientId, id) }
  }),

  handle("tagging", "deleteLabel", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Label")
    await loadLabel(ctx, clientId, id)
    const labelled = await labelledOpen(ctx, id)
    await ctx.db.execute(sql`DELETE FROM labels WHERE id = ${id} AND client_id = ${clientId}`)
    // Read after the delete: the conversations show the label gone.
    await announceAll(ctx, labelled)
    return { data: { ok: true } }
  }),

  handle("tagging", "labelUser", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await loadLabel(ctx, clientId, input.label_id)
    await conversationOfTenant(ctx, clientId, input.conversation_id)
    const added = rowsOf(
      await ctx.db.execute(sql`INSERT INTO conversation_labels (label_id, conversation_id) VALUES (${input.label_id}, ${input.conversation_id})
      ON CONFLICT DO NOTHING RETURNING label_id`),
    )
    if (added.length > 0) await publishConversation(ctx, input.conversation_id)
    return { data: { ok: true } }
  }),

  handle("tagging", "labelRemove", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await loadLabel(ctx, clientId, input.label_id)
    await conversationOfTenant(ctx, clientId, input.conversation_id)
    const removed = rowsOf(
      await ctx.db.execute(sql`DELETE FROM conversation_labels WHERE label_id = ${input.label_id} AND conversation_id = ${input.conversation_id}
      RETURNING label_id`),
    )
    if (removed.length > 0) await publishConversation(ctx, input.conversation_id)
    return { data: { ok: true } }
  }),

  handle("tagging", "labelConversations", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await loadLabel(ctx, clientId, input.label_id)
    const { page, limit, offset } = pageOf(input)
    const parts: SQL[] = [
      sql`EXISTS (SELECT 1 FROM conversation_labels cl WHERE cl.conversation_id = c.id AND cl.label_id = ${input.label_id})`,
    ]
    if (input.search?.trim()) {
      const like = likeOf(input.search)
      parts.push(sql`(ct.name ILIKE ${like} OR ct.number ILIKE ${like})`)
    }
    const where = sql.join(parts, sql` AND `)
    const items = await selectConversations(ctx.db, clientId, where, sql`c.last_message_at DESC, c.id DESC`, limit, offset)
    const [count] = rowsOf(
      await ctx.db.execute(sql`SELECT count(*)::int AS n FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = ${clientId} AND ${where}`),
    )
    return { data: { items, totalItems: Number(count?.n ?? 0), page, limit } }
  }),
]
