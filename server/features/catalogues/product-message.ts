/**
 * The products an agent sends from the composer, checked at the edge and resolved in SQL: every id must be
 * one of the tenant's products (unknown ones are a 400 naming them) and in stock (out-of-stock ones a 400 naming
 * them). The message itself is built per recipient's channel by the bots' formatters (`productsReply`). The
 * composer's picker lists the products through `/chat/products` (the chat's permission).
 */
import { sql } from "drizzle-orm"
import { type OutgoingMessage, productsReply } from "../../../src/contract/chatbots/commerce-replies"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest } from "../../http/errors"
import { productOf, selectProducts } from "./product-rows"
import { productList } from "./products"
import { handle } from "../../core/registry"
import { tenantOf } from "../../http/context"
import { fileLinksOf, type FileLinks } from "../chat"

/** The channel's id of the tenant's catalogue (WhatsApp `catalog_id`), when it has one. */
export const catalogueRefOf = async (db: Db, clientId: number, catalogueId: number | null | undefined): Promise<string | null> => {
  if (catalogueId === null || catalogueId === undefined) return null
  const [row] = rowsOf(await db.execute(sql`SELECT external_id FROM catalogues WHERE id = ${catalogueId} AND client_id = ${clientId}`))
  return row?.external_id ? String(row.external_id) : null
}

/** The message of the picked products (in the order picked) for a recipient's channel. */
export const productMessageOf = async (
  db: Db,
  clientId: number,
  productIds: readonly number[],
  links: FileLinks,
): Promise<(channel: Channel) => OutgoingMessage> => {
  const ids = [...new Set(productIds)]
  const rows = await selectProducts(
    db,
    sql`p.client_id = ${clientId} AND p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`p.id`,
    ids.length,
    0,
  )
  const found = new Map(rows.map(productOf(links)).map((p) => [p.id, p]))
  const unknown = ids.filter((id) => !found.has(id))
  if (unknown.length) throw badRequest(`Unknown products: ${unknown.join(", ")}`, "product_ids")
  const products = ids.map((id) => found.get(id)!)
  const gone = products.filter((p) => !p.in_stock)
  if (gone.length) throw badRequest(`Out of stock: ${gone.map((p) => `${p.name} (${p.id})`).join(", ")}`, "product_ids")
  const catalogues = new Set(products.map((p) => p.catalogue_id))
  const ref = catalogues.size === 1 ? await catalogueRefOf(db, clientId, products[0]!.catalogue_id) : null
  return (channel) => productsReply(products, channel, ref)
}

export const handlers = [
  // What the composer's picker lists: the chat's permission, in-stock products only (what may be sent).
  handle("chatProducts", "chatProducts", async (ctx, input) => ({
    data: await productList(ctx.db, tenantOf(ctx), { search: input.search }, input.limit ?? 20, fileLinksOf(ctx)),
  })),
]
