/**
 * A product as the contract shows it. Prices are integers in the currency's minor units; an image uploaded through
 * the chat's uploads is kept as the file and signed afresh on every read (a sent link expires after 6 hours).
 */
import { type SQL, sql } from "drizzle-orm"
import type { Product } from "../../../src/contract/schemas/commerce"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { notFound } from "../../http/errors"
import type { FileLinks } from "../chat"
import { iso } from "../../core/date-range"
import { signedUrlOf } from "../../core/signed-url"

export const PRODUCT_COLUMNS = sql`p.id, p.catalogue_id, p.sku, p.name, p.description, p.price_minor, p.currency, p.image_url,
  p.image_file_id, p.stock, p.retailer_id, p.created_at`

export const productOf =
  (links: FileLinks) =>
  (r: Record<string, unknown>): Product => ({
    id: Number(r.id),
    catalogue_id: r.catalogue_id === null || r.catalogue_id === undefined ? null : Number(r.catalogue_id),
    sku: String(r.sku),
    name: String(r.name),
    description: r.description === null || r.description === "" ? null : String(r.description),
    price: Number(r.price_minor),
    currency: String(r.currency),
    image_url:
      r.image_file_id !== null && r.image_file_id !== undefined
        ? signedUrlOf(links.config, Number(r.image_file_id), links.origin)
        : r.image_url === null || r.image_url === undefined
          ? null
          : String(r.image_url),
    stock: Number(r.stock),
    in_stock: Number(r.stock) > 0,
    retailer_id: r.retailer_id === null || r.retailer_id === undefined ? null : String(r.retailer_id),
    created_at: iso(r.created_at),
  })

export const selectProducts = async (db: Db, where: SQL, order: SQL, limit: number, offset: number) =>
  rowsOf(await db.execute(sql`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`))

export const loadProduct = async (db: Db, clientId: number, id: number, links: FileLinks): Promise<Product> => {
  const [row] = await selectProducts(db, sql`p.id = ${id} AND p.client_id = ${clientId}`, sql`p.id`, 1, 0)
  if (!row) throw notFound("Product")
  return productOf(links)(row)
}
