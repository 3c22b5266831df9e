import { sql } from "drizzle-orm"
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { attachments, contacts, conversations } from "./conversations"

const tenant = () =>
  integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" })
const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

export const catalogues = pgTable(
  "catalogues",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    description: text("description"),
    externalId: text("external_id"),
    createdAt: created(),
  },
  (t) => [index("catalogues_client_idx").on(t.clientId), uniqueIndex("catalogues_name_uq").on(t.clientId, sql`lower(${t.name})`)],
)

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    catalogueId: integer("catalogue_id").references(() => catalogues.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull().default(""),
    /** In the currency's minor units. */
    priceMinor: bigint("price_minor", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    imageUrl: text("image_url"),
    stock: integer("stock").notNull().default(0),
    retailerId: text("retailer_id"),
    imageFileId: integer("image_file_id").references(() => attachments.id, { onDelete: "set null" }),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_sku_uq").on(t.clientId, t.sku),
    index("products_catalogue_idx").on(t.clientId, t.catalogueId, t.id),
    // products_search_trgm_idx: a GIN trigram index over lower(name, sku, retailer id, description), in 0023_commerce.sql.
    check("products_amounts_ck", sql`${t.priceMinor} >= 0 AND ${t.stock} >= 0`),
  ],
)

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    conversationId: integer("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    orderNumber: text("order_number").notNull(),
    status: text("status").notNull().default("received"),
    items: jsonb("items")
      .$type<{ product_id: number | null; retailer_id: string | null; name: string; quantity: number; unit_price: number }[]>()
      .notNull()
      .default([]),
    /** In the currency's minor units. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    catalogueRef: text("catalogue_ref"),
    note: text("note"),
    createdAt: created(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_client_idx").on(t.clientId, t.createdAt),
    index("orders_status_idx").on(t.clientId, t.status, t.createdAt),
    uniqueIndex("orders_number_uq").on(t.clientId, t.orderNumber),
    check("orders_status_ck", sql`${t.status} IN ('received', 'confirmed', 'preparing', 'shipped', 'delivered', 'cancelled')`),
  ],
)

/** Platform-wide reference data. */
export const countries = pgTable(
  "countries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    dialCode: text("dial_code").notNull().default(""),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("countries_code_uq").on(t.code)],
)

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("cities_country_idx").on(t.countryId), uniqueIndex("cities_country_name_uq").on(t.countryId, sql`lower(${t.name})`)],
)

/** A tenant's branches for "nearest location" answers. */
export const clientLocations = pgTable(
  "client_locations",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    name: text("name").notNull(),
    address: text("address").notNull().default(""),
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    phone: text("phone"),
    openingHours: text("opening_hours"),
    createdAt: created(),
  },
  (t) => [
    index("client_locations_geo_idx").on(t.clientId, t.latitude, t.longitude),
    uniqueIndex("client_locations_name_uq").on(t.clientId, sql`lower(${t.name})`),
    check("client_locations_coordinates_ck", sql`${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`),
  ],
)
