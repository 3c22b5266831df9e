/**
 * The contact book: the list with its filters (contacts.fetchAllContacts), the block list with bulk block/unblock
 * (fetchBlockedContacts), a contact edited by id (userByIdAttributes) and read by number (fetchCustomerByNumber).
 */
import { sql, type SQL } from "drizzle-orm"
import type { ContactFilter } from "../../../src/contract/schemas/contacts"
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { rowsOf } from "../../db/rows"
import { pageOf } from "../../core/paging"
import { BOOK_COLUMNS, contactOf, contactRowByNumber } from "./contact-rows"
import { contactQuery, targetWhere } from "./contact-filter"
import { wordMatches } from "./contact-words"
import { editContact } from "./contact-edit"
import { countIds } from "../segments"

/** A word search alone: the total and the page's ids from contact_words (contact-words.ts), then those rows. */
const pageOfWordMatches = async (ctx: Ctx, clientId: number, words: readonly string[], limit: number, offset: number) => {
  const { ids, total } = await wordMatches(ctx.db, clientId, words, limit, offset)
  const items = ids.length
    ? rowsOf(
        await ctx.db.execute(
          sql`SELECT ${BOOK_COLUMNS} FROM contacts ct WHERE ct.client_id = ${clientId} AND ct.id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY ct.id DESC`,
        ),
      )
    : []
  return { items, total }
}

const pageOfContacts = async (ctx: Ctx, clientId: number, input: ContactFilter & { page?: number; limit?: number }) => {
  const { page, limit, offset } = pageOf(input, 20)
  const { where, words, ids } = await contactQuery(ctx.db, clientId, input)
  const { items, total } = words
    ? await pageOfWordMatches(ctx, clientId, words, limit, offset)
    : await Promise.all([
        ctx.db.execute(sql`SELECT ${BOOK_COLUMNS} FROM contacts ct WHERE ${where} ORDER BY ct.id DESC LIMIT ${limit} OFFSET ${offset}`),
        ids
          ? countIds(ctx.db, ids)
          : ctx.db.execute(sql`SELECT count(*)::int AS n FROM contacts ct WHERE ${where}`).then((count) => Number(rowsOf(count)[0].n)),
      ]).then(([rows, total]) => ({ items: rowsOf(rows), total }))
  return { data: { items: items.map(contactOf), totalItems: total, page, limit } }
}

const contactById = async (ctx: Ctx, clientId: number, id: number) => {
  const [row] = rowsOf(
    await ctx.db.execute(sql`SELECT ${BOOK_COLUMNS} FROM contacts ct WHERE ct.id = ${id} AND ct.client_id = ${clientId}`),
  )
  if (!row) throw notFound("Contact")
  return contactOf(row)
}

export const handlers = [
  handle("contacts", "fetchAllContacts", async (ctx, input) => pageOfContacts(ctx, tenantOf(ctx), input)),

  handle("contacts", "fetchBlockedContacts", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    if (input.block) {
      const where: SQL = await targetWhere(ctx.db, clientId, input.block.target, "block.target")
      const reason = input.block.blocked ? (input.block.reason ?? null) : null
      await ctx.db.execute(sql`UPDATE contacts ct SET blocked = ${input.block.blocked}, block_reason = ${reason} WHERE ${where}`)
    }
    return pageOfContacts(ctx, clientId, { ...input, blocked: true })
  }),

  handle("contacts", "userByIdAttributes", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await contactById(ctx, clientId, idOf(input.id, "Contact"))
    await editContact(ctx.db, clientId, before, input)
    return { data: await contactById(ctx, clientId, before.id) }
  }),

  handle("contacts", "fetchCustomerByNumber", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const row = await contactRowByNumber(ctx.db, clientId, input.number)
    return { data: await contactById(ctx, clientId, Number(row.id)) }
  }),
]
