/**
 * The price of one template message per category: the super admin's table (`template_prices`, started by migration
 * 0019 with the platform's prices). Cost of a send = price of the template's category × recipients, in the billing
 * ledger's currency.
 */
import { sql } from "drizzle-orm"
import type { TemplateCategory } from "../../../src/contract/schemas/templates"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest } from "../../http/errors"

/** The query of the prices of `categories` (columns `category`, `price`); `pricesFrom` reads its rows. */
export const pricesSql = (categories: readonly string[]) =>
  sql`SELECT category, price FROM template_prices WHERE category IN (SELECT x FROM jsonb_array_elements_text(${JSON.stringify(categories)}::jsonb) AS x)`

/** Each of `categories` with its price from `pricesSql`'s rows: 0 when it has none. */
export const pricesFrom = (categories: readonly string[], rows: readonly Record<string, unknown>[]) => {
  const found = new Map(rows.map((r) => [String(r.category), Number(r.price)]))
  return new Map(categories.map((c) => [c, found.get(c) ?? 0]))
}

export const priceOf = async (db: Db, category: TemplateCategory): Promise<number> =>
  pricesFrom([category], rowsOf(await db.execute(pricesSql([category])))).get(category)!

export const allPrices = async (db: Db) =>
  rowsOf(await db.execute(sql`SELECT category, price FROM template_prices ORDER BY category`)).map((r) => ({
    category: String(r.category) as TemplateCategory,
    price: Number(r.price),
  }))

export const setPrice = async (db: Db, category: TemplateCategory, price: number) => {
  if (Math.round(price * 100) !== Math.round(price * 1e6) / 1e4) throw badRequest("The price is in whole cents (two decimals)", "price")
  await db.execute(sql`INSERT INTO template_prices (category, price, updated_at) VALUES (${category}, ${price.toFixed(2)}, now())
    ON CONFLICT (category) DO UPDATE SET price = excluded.price, updated_at = now()`)
  return { category, price }
}
