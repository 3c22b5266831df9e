/**
 * Canned messages: the composer's replies (kind "chat", typed after `/` by shortcut) and the voice-call card's quick
 * replies (kind "call"). A shared message is the whole tenant's; an unshared one only its author's. Shortcuts are
 * unique per tenant whatever the kind (one `/` menu), compared without a leading `/` (older rows stored one).
 *
 * Rows from before 0004_tickets.sql carry kind "text": they are chat replies.
 */
import { sql, type SQL } from "drizzle-orm"
import type { CannedMessage } from "../../../src/contract/schemas/contacts"
import { handle } from "../registry"
import { userOf, type Ctx } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { pageOf } from "../paging"
import { iso } from "../reports/range"
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

/** 409 naming the field when another message of the tenant already uses the shortcut. */
const checkShortcut = async (ctx: Ctx, clientId: number, shortcut: string | undefined, exceptId: number | null) => {
  if (shortcut === undefined) return
  const [clash] = rowsOf(
    await ctx.db.execute(sql`SELECT id, title FROM canned_messages
    WHERE client_id = ${clientId} AND ltrim(shortcut, '/') = ${shortcut} AND id <> ${exceptId ?? 0}`),
  )
  if (clash) throw conflict(`The shortcut /${shortcut} is already used by "${String(clash.title)}"`, "shortcut")
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
    await checkShortcut(ctx, clientId, input.shortcut, null)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO canned_messages (client_id, type, title, body, shortcut, shared, created_by)
      VALUES (${clientId}, ${input.type}, ${input.title}, ${input.text}, ${input.shortcut ?? null}, ${input.shared ?? true}, ${userId}) RETURNING id`),
    )
    return { data: await loadOwn(ctx, clientId, userId, Number(row.id)) }
  }),

  handle("cannedMessages", "cannedMessagesUpdateById", async (ctx, input) => {
    const { clientId, userId } = userOf(ctx)
    const id = idOf(input.id, "Canned message")
    await loadOwn(ctx, clientId, userId, id)
    await checkShortcut(ctx, clientId, input.shortcut, id)
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
