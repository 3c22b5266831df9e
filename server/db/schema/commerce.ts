import { doublePrecision, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { contacts } from "./conversations"

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
    externalId: text("external_id"),
    createdAt: created(),
  },
  (t) => [index("catalogues_client_idx").on(t.clientId)],
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
    price: numeric("price", { precision: 12, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull().default("USD"),
    imageUrl: text("image_url"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("products_sku_uq").on(t.clientId, t.sku)],
)

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    clientId: tenant(),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    items: jsonb("items").$type<{ productId: number; quantity: number; price: string }[]>().notNull().default([]),
    total: numeric("total", { precision: 12, scale: 2 }).notNull().default("0"),
    createdAt: created(),
  },
  (t) => [index("orders_client_idx").on(t.clientId, t.createdAt)],
)

/** Platform-wide reference data. */
export const countries = pgTable(
  "countries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    dialCode: text("dial_code").notNull().default(""),
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
  },
  (t) => [index("cities_country_idx").on(t.countryId)],
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
    createdAt: created(),
  },
  (t) => [index("client_locations_client_idx").on(t.clientId)],
)
