/**
 * Contact groups: the list (contacts.groupsList), create (groupContactCreate), update with members replaced by
 * `numbers` and/or changed in bulk by `add` / `remove` (groupContactById), and one group with its numbers
 * (groupsContactById). Numbers that name no contact of the tenant are refused, naming them.
 */
import { sql, type SQL } from "drizzle-orm"
import type { ContactGroup } from "../../../src/contract/schemas/contacts"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, idOf, notFound } from "../../http/errors"
import { likeOf, rowsOf } from "../../db/rows"
import { iso } from "../../core/date-range"
import { pageOf } from "../../core/paging"
import { changeMembership } from "./bulk"

const GROUP_COLUMNS = sql`g.id, g.name, g.description, g.created_at,
  (SELECT count(*)::int FROM contact_group_members m WHERE m.group_id = g.id) AS contact_count`

const groupOf = (r: Record<string, unknown>): ContactGroup => ({
  id: Number(r.id),
  name: String(r.name),
  description: r.description ? String(r.description) : null,
  contact_count: Number(r.contact_count ?? 0),
  created_at: iso(r.created_at),
})

const loadGroup = async (ctx: Ctx, clientId: number, id: number): Promise<ContactGroup> => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${GROUP_COLUMNS} FROM contact_groups g WHERE g.id = ${id} AND g.client_id = ${clientId}`),
  )
  if (!row) throw notFound("Contact group")
  return groupOf(row)
}

/** Makes the group's members exactly the contacts with these numbers. */
const replaceMembers = async (ctx: Ctx, clientId: number, groupId: number, numbers: readonly string[]) => {
  const unique = [...new Set(numbers)]
  await ctx.db.execute(sql`DELETE FROM contact_group_members WHERE group_id = ${groupId}`)
  if (unique.length === 0) return
  const list = sql`SELECT unnest(${`{${unique.map((n) => `"${n}"`).join(",")}}`}::text[]) AS number`
  const missing = rowsOf(
    await ctx.db.execute(sql`SELECT w.number FROM (${list}) w
      WHERE NOT EXISTS (SELECT 1 FROM contacts ct WHERE ct.client_id = ${clientId} AND ct.number = w.number) LIMIT 5`),
  )
  if (missing.length > 0)
    throw badRequest(`No contact has the number ${missing.map((r) => String(r.number)).join(", ")}: import them first`, "numbers")
  await ctx.db.execute(sql`INSERT INTO contact_group_members (group_id, contact_id)
    SELECT ${groupId}, ct.id FROM contacts ct WHERE ct.client_id = ${clientId} AND ct.number IN (SELECT number FROM (${list}) w)
    ON CONFLICT DO NOTHING`)
}

export const handlers = [
  handle("contacts", "groupsList", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const where: SQL = input.search?.trim()
      ? sql`g.client_id = ${clientId} AND g.name ILIKE ${likeOf(input.search)}`
      : sql`g.client_id = ${clientId}`
    const items = rowsOf(
      await ctx.db.execute(
        sql`SELECT ${GROUP_COLUMNS} FROM contact_groups g WHERE ${where} ORDER BY g.name, g.id LIMIT ${limit} OFFSET ${offset}`,
      ),
    )
    const [total] = rowsOf(await ctx.db.execute(sql`SELECT count(*)::int AS n FROM contact_groups g WHERE ${where}`))
    return { data: { items: items.map(groupOf), totalItems: Number(total.n), page, limit } }
  }),

  handle("contacts", "groupContactCreate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO contact_groups (client_id, name, description)
        VALUES (${clientId}, ${input.name}, ${input.description ?? ""}) RETURNING id`),
    )
    if (input.numbers) await replaceMembers(ctx, clientId, Number(row.id), input.numbers)
    return { data: await loadGroup(ctx, clientId, Number(row.id)) }
  }),

  handle("contacts", "groupContactById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const group = await loadGroup(ctx, clientId, idOf(input.id, "Contact group"))
    const sets: SQL[] = []
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (sets.length === 0 && !input.numbers && !input.add && !input.remove)
      throw badRequest("Nothing to update: send name, description, numbers, add or remove")
    if (sets.length > 0) await ctx.db.execute(sql`UPDATE contact_groups SET ${sql.join(sets, sql`, `)} WHERE id = ${group.id}`)
    if (input.numbers) await replaceMembers(ctx, clientId, group.id, input.numbers)
    const m = { table: "contact_group_members", column: "group_id", id: group.id } as const
    if (input.add) await changeMembership(ctx.db, clientId, m, input.add, true, "add")
    if (input.remove) await changeMembership(ctx.db, clientId, m, input.remove, false, "remove")
    return { data: await loadGroup(ctx, clientId, group.id) }
  }),

  handle("contacts", "groupsContactById", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const group = await loadGroup(ctx, clientId, idOf(input.id, "Contact group"))
    const numbers = rowsOf(
      await ctx.db.execute(sql`SELECT ct.number FROM contact_group_members m JOIN contacts ct ON ct.id = m.contact_id
        WHERE m.group_id = ${group.id} ORDER BY ct.number LIMIT 1000`),
    ).map((r) => String(r.number))
    return { data: { ...group, numbers } }
  }),
]
