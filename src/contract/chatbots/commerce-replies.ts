/**
 * The messages a bot's commerce actions send, as the chat stores them (type, body, payload): the nearest branches and
 * a product list. One function each, used by the server's runtime (with the results of `nearestBranches` and
 * `productList`) and by the editor's "try it" panel (with the same functions' results through their calls), so the
 * panel shows exactly what would be sent. The live chat's composer sends an agent's pick through `productsReply`.
 * Customer-facing texts are English, as the other automatic messages.
 */
import { majorText } from "../money"
import type { BotAction } from "../schemas/chatbots"
import type { Channel } from "../schemas/common"
import type { Product } from "../schemas/commerce"
import type { NearbyLocation } from "../schemas/locations"

export interface OutgoingMessage {
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

/** The actions whose message comes from the tenant's data (branches, products) rather than from the flow. */
export const isCommerceAction = (action: BotAction): boolean => action.do === "send_nearest" || action.do === "send_products"

const km = (distance: number) => (distance < 10 ? distance.toFixed(1) : Math.round(distance).toString())

/** The nearest branches as text: one numbered block per branch (name, distance, address, hours, phone, map link). */
export const nearestReplyText = (branches: readonly NearbyLocation[], openOnly = true): string => {
  if (branches.length === 0)
    return openOnly ? "Sorry, none of our branches is open near you right now." : "Sorry, we have no branch near you."
  const blocks = branches.map((b, i) =>
    [
      `${i + 1}. ${b.name} (${km(b.distance_km)} km)`,
      b.address,
      ...(b.opening_hours ? [`Hours: ${b.opening_hours}`] : []),
      ...(b.phone ? [`Phone: ${b.phone}`] : []),
      b.map_url,
    ].join("\n"),
  )
  return [`Our nearest ${openOnly ? "open " : ""}${branches.length === 1 ? "branch" : "branches"}:`, ...blocks].join("\n\n")
}

/** The "send nearest locations" message: text (every channel reads it), with the branches' ids in the payload. */
export const nearestReply = (branches: readonly NearbyLocation[], openOnly = true): OutgoingMessage => ({
  type: "text",
  body: nearestReplyText(branches, openOnly),
  payload: { nearest_locations: branches.map((b) => ({ id: b.id, distance_km: b.distance_km, map_url: b.map_url })) },
})

const priceOf = (p: Product) => `${majorText(p.price, p.currency)} ${p.currency}`
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** The product list as text: what any channel (and WhatsApp when it cannot show the list) reads. */
export const productListText = (products: readonly Product[]): string => {
  if (products.length === 0) return "Sorry, none of these products is available right now."
  return [
    "Our products:",
    ...products.map((p, i) => [`${i + 1}. ${p.name}: ${priceOf(p)}`, ...(p.description ? [cut(p.description, 200)] : [])].join("\n")),
  ].join("\n\n")
}

/** WhatsApp's limits on a list message: row title 24, row description 72, button 20 characters. */
const ROW_TITLE = 24
const ROW_DESCRIPTION = 72

/**
 * The "send a product list" message. On WhatsApp: a product list of the channel's catalogue when the catalogue has
 * the channel's id and every product its retailer id (the customer can add them to a cart), else a list message whose
 * rows are the products; the text is the body either way and what other channels get. The console's thread shows the
 * rows as the interactive message's buttons.
 */
export const productListReply = (products: readonly Product[], channel: Channel, catalogueRef: string | null = null): OutgoingMessage => {
  const body = productListText(products)
  if (channel !== "whatsapp" || products.length === 0) return { type: "text", body, payload: { products: products.map((p) => p.id) } }
  const asProducts = catalogueRef !== null && products.every((p) => p.retailer_id)
  const interactive = asProducts
    ? {
        type: "product_list",
        header: { type: "text", text: "Our products" },
        body: { text: cut(body, 1024) },
        action: {
          catalog_id: catalogueRef,
          sections: [{ title: "Products", product_items: products.map((p) => ({ product_retailer_id: p.retailer_id })) }],
        },
      }
    : {
        type: "list",
        body: { text: cut(body, 1024) },
        action: {
          button: "See products",
          sections: [
            {
              title: "Products",
              rows: products.map((p) => ({
                id: `product:${p.id}`,
                title: cut(p.name, ROW_TITLE),
                description: cut([priceOf(p), p.description ?? ""].filter(Boolean).join(" · "), ROW_DESCRIPTION),
              })),
            },
          ],
        },
      }
  return {
    type: "interactive",
    body,
    payload: {
      header_type: null,
      header_value: null,
      body,
      footer: null,
      type: "list",
      actions_list: { buttons: products.map((p) => ({ title: cut(p.name, 20) })) },
      products: products.map((p) => p.id),
      interactive,
    },
  }
}

/** One product as text: name, price in its currency, description. */
export const productText = (p: Product): string => [p.name, priceOf(p), ...(p.description ? [cut(p.description, 500)] : [])].join("\n")

/**
 * One product an agent picked. On WhatsApp: the channel catalogue's product message when the catalogue has the
 * channel's id and the product its retailer id (the console shows it with the image as header), else the image with
 * the text as caption when the product has one, else the text; other channels get the text.
 */
export const productReply = (p: Product, channel: Channel, catalogueRef: string | null = null): OutgoingMessage => {
  const body = productText(p)
  const ids = { products: [p.id] }
  if (channel !== "whatsapp") return { type: "text", body, payload: ids }
  if (catalogueRef !== null && p.retailer_id)
    return {
      type: "interactive",
      body,
      payload: {
        header_type: p.image_url ? "image" : null,
        header_value: p.image_url,
        body: cut(body, 1024),
        footer: null,
        type: "product",
        actions_list: { buttons: [] },
        ...ids,
        interactive: {
          type: "product",
          body: { text: cut(body, 1024) },
          action: { catalog_id: catalogueRef, product_retailer_id: p.retailer_id },
        },
      },
    }
  if (p.image_url) return { type: "image", body: cut(body, 1024), payload: { link: p.image_url, caption: cut(body, 1024), ...ids } }
  return { type: "text", body, payload: ids }
}

/** An agent's pick: one product as `productReply`, several as the bots' product list. */
export const productsReply = (products: readonly Product[], channel: Channel, catalogueRef: string | null = null): OutgoingMessage =>
  products.length === 1 && products[0]
    ? productReply(products[0], channel, catalogueRef)
    : productListReply(products, channel, catalogueRef)
