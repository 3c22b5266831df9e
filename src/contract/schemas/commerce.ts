import { Schema } from "effect"
import { Amount, Count, Currency, CustomerNumber, Id, Instant, Name, Text, Url } from "./common"

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

export const Product = Schema.Struct({
  id: Id,
  catalogue_id: Schema.NullOr(Id),
  sku: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  price: Amount,
  currency: Currency,
  image_url: Schema.NullOr(Schema.String),
  in_stock: Schema.Boolean,
  created_at: Instant,
})
export type Product = typeof Product.Type
export const ProductInput = {
  catalogue_id: Schema.optional(Id),
  sku: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._-]{1,64}$/)),
  name: Name(200),
  description: Schema.optional(Text(2000)),
  price: Amount,
  currency: Currency,
  image_url: Schema.optional(Url),
  in_stock: Schema.optional(Schema.Boolean),
}

export const OrderStatus = Schema.Literals(["pending", "confirmed", "shipped", "delivered", "cancelled"])
export type OrderStatus = typeof OrderStatus.Type
export const OrderItem = Schema.Struct({
  product_id: Schema.NullOr(Id),
  name: Schema.String,
  quantity: Count,
  unit_price: Amount,
})
export type OrderItem = typeof OrderItem.Type
export const Order = Schema.Struct({
  id: Id,
  order_number: Schema.String,
  number: Schema.String,
  customer_name: Schema.NullOr(Schema.String),
  items: Schema.Array(OrderItem),
  total: Amount,
  currency: Currency,
  status: OrderStatus,
  note: Schema.NullOr(Schema.String),
  created_at: Instant,
  updated_at: Instant,
})
export type Order = typeof Order.Type

export const OrderQuery = { status: Schema.optional(OrderStatus), number: Schema.optional(CustomerNumber) }
