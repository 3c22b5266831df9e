/**
 * Products from a CSV file (`/product/import`), parsed with csv-parse. The header names the columns (any order, any
 * case): sku, name, price, currency, and optionally description, stock, retailer_id, image_url, catalogue (a
 * catalogue's id or name; a line without one goes to the request's `catalogue_id`, or none). The price is written in
 * the currency's major units (`12.50`) and kept in minor units by the one conversion rule (src/contract/money.ts).
 * Each field is checked by the contract's own rule for it (ProductInput). Every data line is answered: inserted (a new
 * SKU), updated (a SKU the tenant has; a SKU twice in the file updates the first), or skipped with its line number and
 * why; on an update a column the header leaves out (or an empty stock, catalogue, image) keeps the product's value.
 * One transaction: the good lines are kept even when others are refused; an unreadable file is 400 `csv`.
 */
import { sql } from "drizzle-orm"
import { Option, Schema } from "effect"
import { minorDigits, minorOf } from "../../../src/contract/money"
import { ProductInput } from "../../../src/contract/schemas/commerce"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { blankLine, csvTable, type LineError } from "../../core/csv-table"
import { handle } from "../../core/registry"
import { checkCatalogue } from "./catalogues"
import { imageOf } from "./products"

const REQUIRED = ["sku", "name", "price", "currency"] as const

const fits = (schema: Schema.Top, value: unknown) => Option.isSome(Schema.decodeUnknownOption(schema as Schema.Codec<unknown>)(value))

const STOCK = /^\d{1,10}$/

export const handlers = [
  handle("productImport", "productImport", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    await checkCatalogue(ctx.db, clientId, input.catalogue_id)
    const { lines, at, has } = csvTable(input.csv, REQUIRED)
    const catalogueRows = rowsOf(await ctx.db.execute(sql`SELECT id, lower(name) AS name FROM catalogues WHERE client_id = ${clientId}`))
    const catalogueIds = new Set(catalogueRows.map((r) => Number(r.id)))
    const catalogueByName = new Map(catalogueRows.map((r) => [String(r.name), Number(r.id)]))
    const known = new Map(
      rowsOf(await ctx.db.execute(sql`SELECT id, sku FROM products WHERE client_id = ${clientId}`)).map((r) => [
        String(r.sku),
        Number(r.id),
      ]),
    )
    const errors: LineError[] = []
    let inserted = 0
    let updated = 0
    for (const [index, row] of lines.entries()) {
      const line = index + 2
      if (blankLine(row)) {
        errors.push({ line, message: "Empty line" })
        continue
      }
      const sku = at(row, "sku")
      const name = at(row, "name")
      const currency = at(row, "currency").toUpperCase()
      const priceText = at(row, "price")
      const description = at(row, "description")
      const stockText = at(row, "stock")
      const retailerId = at(row, "retailer_id")
      const imageUrl = at(row, "image_url")
      const catalogueText = at(row, "catalogue")
      const price = fits(ProductInput.currency, currency) ? minorOf(priceText, currency) : null
      const catalogueId =
        catalogueText === ""
          ? (input.catalogue_id ?? null)
          : /^\d+$/.test(catalogueText) && catalogueIds.has(Number(catalogueText))
            ? Number(catalogueText)
            : catalogueByName.get(catalogueText.toLowerCase())
      const problem = !fits(ProductInput.sku, sku)
        ? "sku is required: 1 to 64 letters, digits, dots, dashes or underscores"
        : !fits(ProductInput.name, name)
          ? "name is required (at most 200 characters)"
          : !fits(ProductInput.currency, currency)
            ? "currency must be a three-letter ISO code, for example USD"
            : price === null
              ? `price must be an amount in ${currency} with at most ${minorDigits(currency)} decimals, for example ${(1250 / 10 ** minorDigits(currency)).toFixed(minorDigits(currency))}`
              : !fits(ProductInput.description, description)
                ? "description must be at most 2000 characters"
                : stockText !== "" && !STOCK.test(stockText)
                  ? "stock must be a whole number of 0 or more"
                  : stockText !== "" && !fits(ProductInput.stock, Number(stockText))
                    ? "stock must be at most 1,000,000,000"
                    : retailerId !== "" && !fits(ProductInput.retailer_id, retailerId)
                      ? "retailer_id must be 1 to 100 letters, digits, dots, dashes or underscores"
                      : imageUrl !== "" && !fits(ProductInput.image_url, imageUrl)
                        ? "image_url must be an http(s) link"
                        : catalogueId === undefined
                          ? `No catalogue "${catalogueText}"`
                          : null
      if (problem !== null || price === null || catalogueId === undefined) {
        errors.push({ line, message: problem ?? "unreadable line" })
        continue
      }
      let image: Awaited<ReturnType<typeof imageOf>>
      try {
        image = await imageOf(ctx, clientId, imageUrl || undefined)
      } catch (error) {
        errors.push({ line, message: (error as Error).message })
        continue
      }
      const stock = stockText === "" ? null : Number(stockText)
      const id = known.get(sku)
      if (id === undefined) {
        const [made] = rowsOf(
          await ctx.db.execute(sql`INSERT INTO products (client_id, catalogue_id, sku, name, description, price_minor, currency, image_url,
            image_file_id, stock, retailer_id)
          VALUES (${clientId}, ${catalogueId}, ${sku}, ${name}, ${description}, ${price}, ${currency}, ${image?.url ?? null},
            ${image?.fileId ?? null}, ${stock ?? 0}, ${retailerId || null}) RETURNING id`),
        )
        known.set(sku, Number(made.id))
        inserted++
      } else {
        // An update changes what the file names: a column the header leaves out keeps the product's value.
        await ctx.db.execute(sql`UPDATE products SET name = ${name}, price_minor = ${price}, currency = ${currency}, updated_at = now()
          ${catalogueText !== "" || input.catalogue_id !== undefined ? sql`, catalogue_id = ${catalogueId}` : sql``}
          ${has("description") ? sql`, description = ${description}` : sql``}
          ${has("retailer_id") ? sql`, retailer_id = ${retailerId || null}` : sql``}
          ${stock === null ? sql`` : sql`, stock = ${stock}`}
          ${image === undefined ? sql`` : sql`, image_url = ${image.url}, image_file_id = ${image.fileId}`}
          WHERE id = ${id} AND client_id = ${clientId}`)
        updated++
      }
    }
    return { data: { inserted, updated, skipped: errors.length, errors } }
  }),
]
