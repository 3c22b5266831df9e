/**
 * The product CSV import on both databases: every line answered (inserted, updated by SKU, skipped with its line and
 * reason), prices typed in major units kept in minor units by the currency's decimals, catalogues by name or id, a
 * known SKU updated without losing what the file leaves out, 400 for a file that is not CSV or lacks a column, and
 * tenant isolation.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const C = (name: Parameters<typeof callOf<"catalogues">>[1]) => callOf("catalogues", name)
const IMPORT = callOf("productImport", "productImport")

describe.each(DB_KINDS)("product CSV import on %s", (kind) => {
  const ctx = useServer(kind)

  it("answers every line: inserted, updated by SKU, or skipped with the reason", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const bakery = (await send(ctx.url, C("catalogueCreate"), { name: "Bakery" }, h)).body.data
    const drinks = (await send(ctx.url, C("catalogueCreate"), { name: "Drinks" }, h)).body.data
    await send(
      ctx.url,
      C("productInsert"),
      { sku: "OLD-1", name: "Old name", price: 100, currency: "USD", stock: 7, retailer_id: "old" },
      h,
    )
    const csv = [
      "SKU,Name,Price,Currency,Stock,Catalogue,Retailer ID,Description",
      "IMP-1,Rye loaf,4.50,USD,12,bakery,rye-loaf,Dark rye",
      'IMP-2,"Tea, green",120,JPY,0,,,',
      "IMP-3,Bad price,4.505,USD,1,,,",
      "OLD-1,New name,1.25,usd,,Drinks,,",
      "IMP-4,No catalogue,1,USD,1,Nowhere,,",
      ",No sku,1,USD,1,,,",
      "",
      "IMP-5,Kuwaiti dates,1.250,KWD,3,,,",
      "IMP-6,Bad stock,1,USD,-2,,,",
    ].join("\n")
    const r = await send(ctx.url, IMPORT, { csv, catalogue_id: drinks.id }, h)
    expect(r.status).toBe(200)
    const result = shaped(IMPORT, r.body).data
    expect(result).toEqual({
      inserted: 3,
      updated: 1,
      skipped: 5,
      errors: [
        { line: 4, message: "price must be an amount in USD with at most 2 decimals, for example 12.50" },
        { line: 6, message: 'No catalogue "Nowhere"' },
        { line: 7, message: "sku is required: 1 to 64 letters, digits, dots, dashes or underscores" },
        { line: 8, message: "Empty line" },
        { line: 10, message: "stock must be a whole number of 0 or more" },
      ],
    })
    const bySku = async (sku: string) => (await send(ctx.url, C("products"), { search: sku }, h)).body.data.items[0]
    expect(await bySku("IMP-1")).toMatchObject({ name: "Rye loaf", price: 450, currency: "USD", stock: 12, catalogue_id: bakery.id })
    expect(await bySku("IMP-1")).toMatchObject({ retailer_id: "rye-loaf", description: "Dark rye" })
    expect(await bySku("IMP-2")).toMatchObject({
      name: "Tea, green",
      price: 120,
      currency: "JPY",
      in_stock: false,
      catalogue_id: drinks.id,
    })
    expect(await bySku("IMP-5")).toMatchObject({ price: 1250, currency: "KWD" })
    // The known SKU took the file's name, price and catalogue, and kept its stock (empty in the file).
    expect(await bySku("OLD-1")).toMatchObject({ name: "New name", price: 125, stock: 7, catalogue_id: drinks.id })
    const counts = (await send(ctx.url, C("catalogues"), {}, h)).body.data.items.map((k: { name: string; products_count: number }) => [
      k.name,
      k.products_count,
    ])
    expect(counts).toEqual(
      expect.arrayContaining([
        ["Bakery", 1],
        ["Drinks", 3],
      ]),
    )
  })

  it("refuses a file it cannot read, or without a needed column, with 400 and nothing written", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const unclosed = await send(ctx.url, IMPORT, { csv: 'sku,name,price,currency\n"X-1,Broken,1,USD' }, h)
    expect(unclosed.status).toBe(400)
    expect(unclosed.body.error.field).toBe("csv")
    const noPrice = await send(ctx.url, IMPORT, { csv: "sku,name,currency\nX-2,Thing,USD" }, h)
    expect(noPrice.status).toBe(400)
    expect(noPrice.body.error.message).toContain("price")
    expect((await send(ctx.url, IMPORT, { csv: "" }, h)).status).toBe(400)
    expect((await send(ctx.url, IMPORT, { csv: "sku,name,price,currency\nX-3,T,1,USD", catalogue_id: 999999 }, h)).status).toBe(400)
    expect((await send(ctx.url, C("products"), { search: "X-" }, h)).body.data.items).toEqual([])
  })

  it("imports into the caller's tenant only", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const other = as((await login(ctx.url, "admin2")).user_token)
    const mine = (await send(ctx.url, C("catalogueCreate"), { name: "Mine only" }, h)).body.data
    await send(ctx.url, C("productInsert"), { sku: "SHARED-1", name: "Mine", price: 1, currency: "USD" }, h)
    const r = await send(
      ctx.url,
      IMPORT,
      { csv: `sku,name,price,currency,catalogue\nSHARED-1,Other's,2,USD,\nT-2,X,1,USD,${mine.id}` },
      other,
    )
    expect(r.body.data).toMatchObject({ inserted: 1, updated: 0, skipped: 1 })
    expect((await send(ctx.url, C("products"), { search: "SHARED-1" }, h)).body.data.items[0]).toMatchObject({ name: "Mine", price: 1 })
    expect((await send(ctx.url, C("products"), { search: "SHARED-1" }, other)).body.data.items[0]).toMatchObject({
      name: "Other's",
      price: 200,
    })
  })
})
