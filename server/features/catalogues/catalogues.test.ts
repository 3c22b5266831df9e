/**
 * Catalogues and products on both databases: catalogues with their product counts (a deleted one keeps its products),
 * products with minor-unit prices, stock and retailer ids (SKU unique: 409), an uploaded image signed afresh, trigram
 * search (a typo still finds the product), and tenant isolation.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"
import { productList } from "./products"

const C = (name: Parameters<typeof callOf<"catalogues">>[1]) => callOf("catalogues", name)
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
)

describe.each(DB_KINDS)("catalogues and products on %s", (kind) => {
  const ctx = useServer(kind)

  it("keeps catalogues with their product counts, unique names, and products that outlive a deleted catalogue", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const made = await send(ctx.url, C("catalogueCreate"), { name: "Summer", description: "Summer collection" }, h)
    expect(shaped(C("catalogueCreate"), made.body).data).toMatchObject({ name: "Summer", products_count: 0 })
    const id = made.body.data.id
    const clash = await send(ctx.url, C("catalogueCreate"), { name: "SUMMER" }, h)
    expect(clash.status).toBe(409)
    expect(clash.body.error.field).toBe("name")
    const product = {
      catalogue_id: id,
      sku: "TS-001",
      name: "Linen shirt",
      price: 149_90,
      currency: "TRY",
      stock: 4,
      retailer_id: "linen-shirt",
    }
    const inserted = await send(ctx.url, C("productInsert"), product, h)
    expect(inserted.status).toBe(200)
    expect(shaped(C("productInsert"), inserted.body).data).toMatchObject({ ...product, in_stock: true, image_url: null })
    expect((await send(ctx.url, C("productInsert"), { ...product, name: "Other" }, h)).body.error.field).toBe("sku")
    expect((await send(ctx.url, C("productInsert"), { ...product, sku: "TS-2", price: 1.5 }, h)).status).toBe(400)
    expect((await send(ctx.url, C("productInsert"), { ...product, sku: "TS-2", catalogue_id: 999999 }, h)).body.error.field).toBe(
      "catalogue_id",
    )
    const listed = await send(ctx.url, C("catalogues"), { search: "summer" }, h)
    expect(shaped(C("catalogues"), listed.body).data.items).toEqual([expect.objectContaining({ id, products_count: 1 })])
    const renamed = await send(ctx.url, C("catalogueUpdate"), { id, name: "Summer 2027" }, h)
    expect(renamed.body.data.name).toBe("Summer 2027")
    expect((await send(ctx.url, C("catalogueDelete"), { id }, h)).body.data.ok).toBe(true)
    const kept = await send(ctx.url, C("products"), { search: "TS-001" }, h)
    expect(kept.body.data.items).toEqual([expect.objectContaining({ sku: "TS-001", catalogue_id: null })])
    expect((await send(ctx.url, C("catalogueDelete"), { id }, h)).status).toBe(404)
  })

  it("updates stock and price, filters by stock, signs an uploaded image afresh, and deletes", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const p = (await send(ctx.url, C("productInsert"), { sku: "MUG-1", name: "Tea mug", price: 2500, currency: "USD", stock: 0 }, h)).body
      .data
    expect(p.in_stock).toBe(false)
    expect(
      (await send(ctx.url, C("products"), { in_stock: false, search: "mug" }, h)).body.data.items.map((x: { id: number }) => x.id),
    ).toEqual([p.id])
    const file = await send(
      ctx.url,
      callOf("uploads", "upload"),
      { file_name: "mug.png", mime_type: "image/png", data_base64: PNG.toString("base64") },
      h,
    )
    const updated = await send(ctx.url, C("productUpdate"), { id: p.id, stock: 12, price: 2200, image_url: file.body.data.url }, h)
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ stock: 12, in_stock: true, price: 2200 })
    const image = (await send(ctx.url, C("products"), { search: "MUG-1" }, h)).body.data.items[0].image_url as string
    expect(image).toMatch(/\/files\/\d+\?exp=\d+&sig=/)
    const fetched = await fetch(new URL(image, ctx.url))
    expect(fetched.status).toBe(200)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await send(ctx.url, C("productUpdate"), { id: p.id }, h)).status).toBe(400)
    expect((await send(ctx.url, C("productDelete"), { id: p.id }, h)).body.data.ok).toBe(true)
    expect((await send(ctx.url, C("productUpdate"), { id: p.id, stock: 1 }, h)).status).toBe(404)
  })

  it("finds products by trigram search, best match first, with a typo, and by retailer id", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    for (const [sku, name] of [
      ["CH-1", "Chocolate cake"],
      ["CH-2", "Cheesecake"],
      ["BR-1", "Sourdough bread"],
    ])
      await send(ctx.url, C("productInsert"), { sku, name, price: 1000, currency: "EUR", stock: 3, retailer_id: `r-${sku}` }, h)
    const names = async (search: string) =>
      shaped(C("productSearch"), (await send(ctx.url, C("productSearch"), { search }, h)).body).data.items.map(
        (x: { name: string }) => x.name,
      )
    expect(await names("chocolate")).toEqual(["Chocolate cake"])
    expect(await names("chocolatte")).toEqual(["Chocolate cake"])
    expect(await names("sourdoug")).toEqual(["Sourdough bread"])
    expect(await names("r-BR-1")).toEqual(["Sourdough bread"])
    expect(await names("cake")).toEqual(expect.arrayContaining(["Chocolate cake", "Cheesecake"]))
    expect(await names("zzzz")).toEqual([])
    expect((await send(ctx.url, C("productSearch"), { search: "" }, h)).status).toBe(400)
    const links = { config: ctx.server.services.config, origin: "" }
    const list = await productList(ctx.server.services.database.db, 1, { search: "cake" }, 5, links)
    expect(list.map((x) => x.name)).toEqual(expect.arrayContaining(["Chocolate cake", "Cheesecake"]))
  })

  it("shows another tenant none of it and lets it change nothing", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const other = as((await login(ctx.url, "admin2")).user_token)
    const k = (await send(ctx.url, C("catalogueCreate"), { name: "Private" }, h)).body.data
    const p = (
      await send(ctx.url, C("productInsert"), { sku: "SECRET-1", name: "Secret", price: 1, currency: "USD", catalogue_id: k.id }, h)
    ).body.data
    expect((await send(ctx.url, C("catalogues"), { search: "Private" }, other)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, C("productSearch"), { search: "Secret" }, other)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, C("catalogueUpdate"), { id: k.id, name: "Mine" }, other)).status).toBe(404)
    expect((await send(ctx.url, C("catalogueDelete"), { id: k.id }, other)).status).toBe(404)
    expect((await send(ctx.url, C("productUpdate"), { id: p.id, name: "Mine" }, other)).status).toBe(404)
    expect((await send(ctx.url, C("productDelete"), { id: p.id }, other)).status).toBe(404)
    expect(
      (await send(ctx.url, C("productInsert"), { sku: "X-1", name: "X", price: 1, currency: "USD", catalogue_id: k.id }, other)).status,
    ).toBe(400)
    // The same SKU is free in another tenant.
    expect((await send(ctx.url, C("productInsert"), { sku: "SECRET-1", name: "Theirs", price: 1, currency: "USD" }, other)).status).toBe(
      200,
    )
  })
})
