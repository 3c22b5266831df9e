import { Schema } from "effect"
import { Count, Currency, CustomerNumber, Id, Instant, Name, Text, Url } from "./common"

// ---- Catalogues, products, orders --------------------------------------------------------------------

export const Catalogue = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  products_count: Count,
  created_at: Instant,
})
export type Catalogue = typeof Catalogue.Type
export const CatalogueInput = { name: Name(120), description: Schema.optional(Text(1000)) }

/** Prices are integers in the currency's minor units (cents, kuruş, fils). */
export const MinorUnits = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 1e13 }))

export const Product = Schema.Struct({
  id: Id,
  catalogue_id: Schema.NullOr(Id),
  sku: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  price: MinorUnits,
  currency: Currency,
  image_url: Schema.NullOr(Schema.String),
  stock: Count,
  in_stock: Schema.Boolean,
  /** The id of the item in the channel's catalogue (WhatsApp `product_retailer_id`). */
  retailer_id: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type Product = typeof Product.Type
export const ProductInput = {
  catalogue_id: Schema.optional(Id),
  sku: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._-]{1,64}$/)),
  name: Name(200),
  description: Schema.optional(Text(2000)),
  price: MinorUnits,
  currency: Currency,
  image_url: Schema.optional(Url),
  stock: Schema.optional(Count.check(Schema.isLessThanOrEqualTo(1_000_000_000))),
  retailer_id: Schema.optional(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._-]{1,100}$/))),
}

/** The largest product CSV the import takes (characters of text). */
export const PRODUCTS_CSV_MAX_CHARS = 2_000_000

/** received → confirmed → preparing → shipped → delivered; cancelled from any status before shipped. */
export const OrderStatus = Schema.Literals(["received", "confirmed", "preparing", "shipped", "delivered", "cancelled"])
export type OrderStatus = typeof OrderStatus.Type
export const OrderItem = Schema.Struct({
  product_id: Schema.NullOr(Id),
  retailer_id: Schema.NullOr(Schema.String),
  name: Schema.String,
  quantity: Count,
  unit_price: MinorUnits,
})
export type OrderItem = typeof OrderItem.Type
export const Order = Schema.Struct({
  id: Id,
  order_number: Schema.String,
  number: Schema.String,
  customer_name: Schema.NullOr(Schema.String),
  conversation_id: Schema.NullOr(Id),
  items: Schema.Array(OrderItem),
  total: MinorUnits,
  currency: Currency,
  status: OrderStatus,
  note: Schema.NullOr(Schema.String),
  created_at: Instant,
  updated_at: Instant,
})
export type Order = typeof Order.Type

export const OrderQuery = { status: Schema.optional(OrderStatus), number: Schema.optional(CustomerNumber) }
