/** The commerce actions' messages (what the runtime sends and the try panel shows), the location trigger and rules. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Product } from "../schemas/commerce"
import type { NearbyLocation } from "../schemas/locations"
import { nearestReply, productListReply, productListText, productReply, productsReply } from "./commerce-replies"
import { flowProblems } from "./flow-rules"
import { shopFlow } from "./flows.testing"
import { pickBot } from "./triggers"

const product = (over: Partial<Product>): Product => ({
  id: 1,
  catalogue_id: 4,
  sku: "CAKE-1",
  name: "Chocolate cake",
  description: "Dark chocolate, 8 slices",
  price: 1250,
  currency: "USD",
  image_url: null,
  stock: 3,
  in_stock: true,
  retailer_id: "cake-1",
  created_at: "2026-11-20T10:00:00Z",
  ...over,
})

const arbProduct = fc
  .record({
    id: fc.integer({ min: 1, max: 1e6 }),
    name: fc.string({ minLength: 1, maxLength: 200 }),
    description: fc.option(fc.string({ maxLength: 2000 }), { nil: null }),
    price: fc.integer({ min: 0, max: 1e9 }),
    currency: fc.constantFrom("USD", "TRY", "JPY", "KWD"),
    retailer_id: fc.option(fc.stringMatching(/^[a-z0-9-]{1,20}$/), { nil: null }),
  })
  .map(product)

describe("product list message", () => {
  it("on WhatsApp is a list within the channel's limits (10 rows, 24/72 characters), its text the body; elsewhere text", () => {
    fc.assert(
      fc.property(fc.array(arbProduct, { minLength: 1, maxLength: 10 }), (products) => {
        const out = productListReply(products, "whatsapp")
        expect(out.type).toBe("interactive")
        const interactive = out.payload.interactive as {
          type: string
          body: { text: string }
          action: { sections: { rows: { title: string; description: string }[] }[] }
        }
        expect(interactive.type).toBe("list")
        const rows = interactive.action.sections[0].rows
        expect(rows).toHaveLength(products.length)
        for (const row of rows) {
          expect(row.title.length).toBeLessThanOrEqual(24)
          expect(row.description.length).toBeLessThanOrEqual(72)
        }
        expect(interactive.body.text.length).toBeLessThanOrEqual(1024)
        expect(out.body).toBe(productListText(products))
        for (const p of products) expect(out.body).toContain(p.name)
        expect(productListReply(products, "facebook")).toMatchObject({ type: "text", body: out.body })
      }),
    )
  })

  it("shows prices from minor units in the currency's decimals", () => {
    expect(productListText([product({ price: 1250, currency: "USD" })])).toContain("Chocolate cake: 12.50 USD")
    expect(productListText([product({ price: 1250, currency: "JPY" })])).toContain("1250 JPY")
    expect(productListText([])).toMatch(/none of these products/)
    expect(productListReply([], "whatsapp").type).toBe("text")
  })

  it("is WhatsApp's product list when the catalogue has the channel's id and every product its retailer id", () => {
    const both = [product({ id: 1, retailer_id: "a" }), product({ id: 2, retailer_id: "b" })]
    const out = productListReply(both, "whatsapp", "cat-123")
    expect(out.payload.interactive).toMatchObject({
      type: "product_list",
      action: { catalog_id: "cat-123", sections: [{ product_items: [{ product_retailer_id: "a" }, { product_retailer_id: "b" }] }] },
    })
    const missing = productListReply([product({ retailer_id: null })], "whatsapp", "cat-123")
    expect((missing.payload.interactive as { type: string }).type).toBe("list")
  })
})

describe("one product an agent sends", () => {
  it("is WhatsApp's product message when the catalogue has the channel's id and the product its retailer id", () => {
    const out = productReply(product({ image_url: "https://cdn.example.com/cake.jpg" }), "whatsapp", "cat-123")
    expect(out).toMatchObject({ type: "interactive", body: "Chocolate cake\n12.50 USD\nDark chocolate, 8 slices" })
    expect(out.payload.interactive).toEqual({
      type: "product",
      body: { text: out.body },
      action: { catalog_id: "cat-123", product_retailer_id: "cake-1" },
    })
    // The console's thread shows it with the image as header.
    expect(out.payload).toMatchObject({
      type: "product",
      header_type: "image",
      header_value: "https://cdn.example.com/cake.jpg",
      products: [1],
    })
  })

  it("is the image with name and price as caption without a catalogue, the text without an image, and text off WhatsApp", () => {
    const withImage = product({ image_url: "https://cdn.example.com/cake.jpg", description: null })
    expect(productReply(withImage, "whatsapp", null)).toEqual({
      type: "image",
      body: "Chocolate cake\n12.50 USD",
      payload: { link: "https://cdn.example.com/cake.jpg", caption: "Chocolate cake\n12.50 USD", products: [1] },
    })
    expect(productReply(product({ retailer_id: null }), "whatsapp", "cat-123").type).toBe("text")
    expect(productReply(withImage, "webchat", "cat-123")).toEqual({
      type: "text",
      body: "Chocolate cake\n12.50 USD",
      payload: { products: [1] },
    })
  })

  it("several picked products are the bots' product list", () => {
    const two = [product({ id: 1 }), product({ id: 2, name: "Lemon tart" })]
    expect(productsReply(two, "whatsapp", null)).toEqual(productListReply(two, "whatsapp", null))
  })
})

describe("nearest branches message", () => {
  it("numbers each branch with its distance, address and map link, and says so when none is found", () => {
    const branch = {
      id: 3,
      name: "Kadıköy",
      address: "Moda Cd. 1",
      city_id: null,
      city: null,
      latitude: 40.98,
      longitude: 29.02,
      phone: "+902161234567",
      opening_hours: "24/7",
      created_at: "2026-11-20T10:00:00Z",
      distance_km: 1.234,
      open_now: true,
      map_url: "https://www.openstreetmap.org/?mlat=40.98&mlon=29.02",
    } satisfies NearbyLocation
    const out = nearestReply([branch], false)
    expect(out.body).toContain("1. Kadıköy (1.2 km)")
    expect(out.body).toContain(branch.map_url)
    expect(out.body).toMatch(/^Our nearest branch:/)
    expect(nearestReply([branch], true).body).toMatch(/^Our nearest open branch:/)
    expect(nearestReply([], false).body).toBe("Sorry, we have no branch near you.")
  })
})

describe("location trigger and rules", () => {
  const bot = (id: number, type: "location" | "first_message") => ({
    id,
    trigger: { type },
    channel_type: "whatsapp" as const,
    active: true,
  })
  const inbound = { text: "", channel: "whatsapp" as const, firstMessage: true, inHours: true }
  it("a shared location starts the location bot before a first-message bot; other messages do not", () => {
    const bots = [bot(1, "first_message"), bot(2, "location")]
    expect(pickBot(bots, { ...inbound, location: true })?.id).toBe(2)
    expect(pickBot(bots, inbound)?.id).toBe(1)
    expect(pickBot([bot(2, "location")], { ...inbound, text: "hi" })).toBeNull()
  })
  it("a flow with the commerce actions passes the rules; an away message may not use them", () => {
    expect(flowProblems(shopFlow, { type: "location" })).toEqual([])
    expect(flowProblems(shopFlow, { type: "first_message" }, true).map((p) => p.code)).toContain("self_kind")
  })
})
