/**
 * Products: SKU unique in the tenant (409 `sku`), price in minor units with its currency, stock, the channel catalogue's
 * retailer id, an image (an outside link, or one of the tenant's uploads kept as the file). Search is by trigram
 * (pg_trgm, loaded on both databases since 0008; GIN index products_search_trgm_idx of 0023): a product matches when
 * its text contains what was typed or one of its words is close to it (`<%`, word similarity), best match first.
 *
 * `productList` is what the chatbots' "send a product list" action calls.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Product } from "../../../src/contract/schemas/commerce"
import type { Db } from "../../db/db"
import { likeOf, rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { badRequest, conflict, idOf, notFound } from "../../http/errors"
import { fileLinksOf, type FileLinks } from "../chat"
import { pageOf } from "../../core/paging"
import { handle } from "../../core/registry"
import { fileIdOfLink } from "../../core/signed-url"
import { checkCatalogue } from "./catalogues"
import { loadProduct, productOf, selectProducts } from "./product-rows"

const SEARCH_TEXT = sql`lower(p.name || ' ' || p.sku || ' ' || coalesce(p.retailer_id, '') || ' ' || p.description)`

export interface ProductFilter {
  readonly catalogueId?: number
  readonly inStock?: boolean
  readonly search?: string
}

const whereOf = (clientId: number, filter: ProductFilter): SQL => {
  const parts: SQL[] = [sql`p.client_id = ${clientId}`]
  if (filter.catalogueId !== undefined) parts.push(sql`p.catalogue_id = ${filter.catalogueId}`)
  if (filter.inStock !== undefined) parts.push(filter.inStock ? sql`p.stock > 0` : sql`p.stock = 0`)
  const search = filter.search?.trim()
  if (search) parts.push(sql`(${SEARCH_TEXT} LIKE lower(${likeOf(search)}) OR lower(${search}) <% ${SEARCH_TEXT})`)
  return sql.join(parts, sql` AND `)
}

const orderOf = (filter: ProductFilter): SQL =>
  filter.search?.trim()
    ? sql`word_similarity(lower(${filter.search.trim()}), ${SEARCH_TEXT}) DESC, lower(p.name), p.id`
    : sql`lower(p.name), p.id`

const pageOfProducts = async (
  db: Db,
  clientId: number,
  filter: ProductFilter,
  page: { limit: number; offset: number },
  links: FileLinks,
) => {
  const where = whereOf(clientId, filter)
  const rows = await selectProducts(db, where, orderOf(filter), page.limit, page.offset)
  const [count] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`))
  return { items: rows.map(productOf(links)), total: Number(count.n) }
}

/** Up to `limit` of the tenant's products in stock (a catalogue's, or matching a search), best first. */
export const productList = async (db: Db, clientId: number, filter: ProductFilter, limit: number, links: FileLinks): Promise<Product[]> =>
  (await pageOfProducts(db, clientId, { inStock: true, ...filter }, { limit, offset: 0 }, links)).items

const checkSku = async (db: Db, clientId: number, sku: string, exceptId: number) => {
  const [clash] = rowsOf(
    await db.execute(sql`SELECT name FROM products WHERE client_id = ${clientId} AND sku = ${sku} AND id <> ${exceptId}`),
  )
  if (clash) throw conflict(`SKU ${sku} is already used by ${String(clash.name)}`, "sku")
}

/** An image link that is one of the tenant's uploads becomes the file; any other link is kept as given. */
export const imageOf = async (ctx: Ctx, clientId: number, link: string | undefined) => {
  if (link === undefined) return undefined
  const fileId = fileIdOfLink(ctx.services.config, link)
  if (fileId === null) return { url: link, fileId: null }
  const [own] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM attachments WHERE id = ${fileId} AND client_id = ${clientId}`))
  if (!own) throw badRequest("The image is not one of this tenant's uploads", "image_url")
  return { url: null, fileId }
}

export const handlers = [
  handle("catalogues", "products", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const filter = { catalogueId: input.catalogue_id, inStock: input.in_stock, search: input.search }
    const { items, total } = await pageOfProducts(ctx.db, clientId, filter, { limit, offset }, fileLinksOf(ctx))
    return { data: { items, totalItems: total, page, limit } }
  }),

  handle("catalogues", "productSearch", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { page, limit, offset } = pageOf(input, 20)
    const filter = { catalogueId: input.catalogue_id, inStock: input.in_stock, search: input.search }
    const { items, total } = await pageOfProducts(ctx.db, clientId, filter, { limit, offset }, fileLinksOf(ctx))
    return { data: { items, totalItems: total, page, limit } }
  }),

  handle("catalogues", "productInsert", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkCatalogue(ctx.db, clientId, input.catalogue_id)
    await checkSku(ctx.db, clientId, input.sku, 0)
    const image = await imageOf(ctx, clientId, input.image_url)
    const [row] = rowsOf(
      await ctx.db.execute(sql`INSERT INTO products (client_id, catalogue_id, sku, name, description, price_minor, currency, image_url, image_file_id,
        stock, retailer_id)
      VALUES (${clientId}, ${input.catalogue_id ?? null}, ${input.sku}, ${input.name}, ${input.description ?? ""}, ${input.price}, ${input.currency},
        ${image?.url ?? null}, ${image?.fileId ?? null}, ${input.stock ?? 0}, ${input.retailer_id ?? null}) RETURNING id`),
    )
    return { data: await loadProduct(ctx.db, clientId, Number(row.id), fileLinksOf(ctx)) }
  }),

  handle("catalogues", "productUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Product")
    await loadProduct(ctx.db, clientId, id, fileLinksOf(ctx))
    await checkCatalogue(ctx.db, clientId, input.catalogue_id)
    if (input.sku !== undefined) await checkSku(ctx.db, clientId, input.sku, id)
    const image = await imageOf(ctx, clientId, input.image_url)
    const sets: SQL[] = []
    if (input.catalogue_id !== undefined) sets.push(sql`catalogue_id = ${input.catalogue_id}`)
    if (input.sku !== undefined) sets.push(sql`sku = ${input.sku}`)
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`)
    if (input.description !== undefined) sets.push(sql`description = ${input.description}`)
    if (input.price !== undefined) sets.push(sql`price_minor = ${input.price}`)
    if (input.currency !== undefined) sets.push(sql`currency = ${input.currency}`)
    if (image !== undefined) sets.push(sql`image_url = ${image.url}, image_file_id = ${image.fileId}`)
    if (input.stock !== undefined) sets.push(sql`stock = ${input.stock}`)
    if (input.retailer_id !== undefined) sets.push(sql`retailer_id = ${input.retailer_id}`)
    if (sets.length === 0) throw badRequest("Nothing to update")
    await ctx.db.execute(
      sql`UPDATE products SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id} AND client_id = ${clientId}`,
    )
    return { data: await loadProduct(ctx.db, clientId, id, fileLinksOf(ctx)) }
  }),

  handle("catalogues", "productDelete", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const id = idOf(input.id, "Product")
    const deleted = rowsOf(await ctx.db.execute(sql`DELETE FROM products WHERE id = ${id} AND client_id = ${clientId} RETURNING id`))
    if (deleted.length === 0) throw notFound("Product")
    return { data: { ok: true } }
  }),
]
