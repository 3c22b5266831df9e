/**
 * Canned messages: the composer's replies (kind "chat", typed after `/` by shortcut) and the voice-call card's quick
 * replies (kind "call"). A shared message is the whole tenant's; an unshared one only its author's. A shortcut is
 * unique in each agent's `/` menu whatever the kind (shared replies plus their own private ones), compared without a
 * leading `/` (older rows stored one); two agents' private replies may share one.
 *
 * Rows from before 0004_tickets.sql carry kind "text": they are chat replies.
 */
import { sql, type SQL } from "drizzle-orm"
import type { CannedMessage } from "../../../src/contract/schemas/contacts"
import { handle } from "../../core/registry"
import { userOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../../core/paging"
import { iso } from "../../core/date-range"
import { likeOf, rowsOf } from "../../db/rows"

const COLUMNS = sql`m.id, m.type, m.title, m.body, ltrim(m.shortcut, '/') AS shortcut, m.shared, m.created_by, m.created_at`

const cannedOf = (r: Record<string, unknown>): CannedMessage => ({
  id: Number(r.id),
  type: r.type === "call" ? "call" : "chat",
  title: String(r.title),
  text: String(r.body),
  shortcut: r.shortcut === null || r.shortcut === undefined || r.shortcut === "" ? null : String(r.shortcut),
  shared: Boolean(r.shared),
  created_by: r.created_by === null || r.created_by === undefined ? null : Number(r.created_by),
  created_at: iso(r.created_at),
})

/** What the caller may see: the tenant's shared messages and their own. */
const visible = (clientId: number, userId: number) => sql`m.client_id = ${clientId} AND (m.shared OR m.created_by = ${userId})`
const kindIs = (type: "chat" | "call") => (type === "chat" ? sql`m.type IN ('chat', 'text')` : sql`m.type = 'call'`)

/**
 * 409 naming the field when the shortcut would clash in someone's `/` menu (the tenant's shared replies plus their
 * own). A clash the caller can see names that reply; a shared reply clashing with another agent's private one is
 * refused too (it would shadow it in that agent's menu) but names nothing of it.
 */
const checkShortcut = async (
  ctx: Ctx,
  clientId: number,
  next: { shortcut: string | null | undefined; shared: boolean; author: number | null },
  exceptId: number | null,
) => {
  if (next.shortcut === undefined || next.shortcut === null) return
  const clashes = rowsOf(
    await ctx.db.execute(sql`SELECT title, (shared OR created_by IS NOT DISTINCT FROM ${next.author}) AS visible FROM canned_messages
    WHERE client_id = ${clientId} AND ltrim(shortcut, '/') = ${next.shortcut} AND id <> ${exceptId ?? 0}
      AND (shared OR created_by IS NOT DISTINCT FROM ${next.author} OR ${next.shared})
    ORDER BY 2 DESC LIMIT 1`),
  )
  const [clash] = clashes
  if (!clash) return
  if (clash.visible) throw conflict(`The shortcut /${next.shortcut} is already used by "${String(clash.title)}"`, "shortcut")
  throw conflict(`The shortcut /${next.shortcut} is already used by another agent's private reply`, "shortcut")
}

const loadOwn = async (ctx: Ctx, clientId: number, userId: number, id: number) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${COLUMNS} FROM canned_messages m WHERE m.id = ${id} AND ${visible(clientId, userId)}`),
  )
  if (!row) throw notFound("Canned message")
  return cannedOf(row)
}

export const handlers = [
  handle("cannedMessages", "cannedMessagesByType", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${COLUMNS} FROM canned_messages m
      WHERE ${visible(clientId, userId)} AND ${kindIs(input.type)} ORDER BY lower(m.title), m.id LIMIT 1000`),
    )
    return { data: rows.map(cannedOf) }
  }),

  handle("cannedMessages", "fetchListCannedMessages", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const { page, limit, offset } = pageOf(input)
    const parts: SQL[] = [visible(clientId, userId)]
    if (input.type) parts.push(kindIs(input.type))
    if (input.search?.trim()) {
      const like = likeOf(input.search.replace(/^\//, ""))
      parts.push(sql`(m.title ILIKE ${like} OR m.body ILIKE ${like} OR m.shortcut ILIKE ${like})`)
    }
    const where = sql.join(parts, sql` AND `)
    const rows = rowsOf(
      await ctx.db.execute(sql`SELECT ${COLUMNS} FROM canned_messages m WHERE ${where}
      ORDER BY lower(m.title), m.id LIMIT ${limit} OFFSET ${offset}`),
    )
    const [count] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM canned_messages m WHERE ${where}`))
    return { data: { items: rows.map(cannedOf), totalItems: Number(count?.n ?? 0), page, limit } }
  }),

  handle("cannedMessages", "cannedMessagesCreate", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    await checkShortcut(ctx, clientId, { shortcut: input.shortcut, shared: input.shared ?? true, author: userId }, null)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO canned_messages (client_id, type, title, body, shortcut, shared, created_by)
      VALUES (${clientId}, ${input.type}, ${input.title}, ${input.text}, ${input.shortcut ?? null}, ${input.shared ?? true}, ${userId}) RETURNING id`),
    )
    return { data: await loadOwn(ctx, clientId, userId, Number(row.id)) }
  }),

  handle("cannedMessages", "cannedMessagesUpdateById", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const id = idOf(input.id, "Canned message")
    const current = await loadOwn(ctx, clientId, userId, id)
    if (input.shortcut !== undefined || input.shared !== undefined) {
      const next = { shortcut: input.shortcut ?? current.shortcut, shared: input.shared ?? current.shared, author: current.created_by }
      await checkShortcut(ctx, clientId, next, id)
    }
    const sets: SQL[] = []
    if (input.type !== undefined) sets.push(sql`type = ${input.type}`)
    if (input.title !== undefined) sets.push(sql`title = ${input.title}`)
    if (input.text !== undefined) sets.push(sql`body = ${input.text}`)
    if (input.shortcut !== undefined) sets.push(sql`shortcut = ${input.shortcut}`)
    if (input.shared !== undefined) sets.push(sql`shared = ${input.shared}`)
    if (sets.length === 0) throw badRequest("Nothing to update: send type, title, text, shortcut or shared")
    await ctx.db.execute(sql`UPDATE canned_messages SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND client_id = ${clientId}`)
    return { data: await loadOwn(ctx, clientId, userId, id) }
  }),

  handle("cannedMessages", "cannedMessagesDeleteById", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const id = idOf(input.id, "Canned message")
    const deleted = rowsOf(
      await ctx.db.execute(sql`DELETE FROM canned_messages m WHERE m.id = ${id} AND ${visible(clientId, userId)} RETURNING m.id`),
    )
    if (deleted.length === 0) throw notFound("Canned message")
    return { data: { ok: true } }
  }),
]
