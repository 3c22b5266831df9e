-- Commerce: countries and cities switched on or off, a tenant's branches with phone and opening hours found
-- by distance, catalogues with products (price in integer minor units, stock, retailer id, trigram search) and orders
-- with their items and status.
--
-- Nearest branches: a B-tree on (client_id, latitude, longitude) serves a bounding box around the customer (one
-- index range scan on latitude, longitude filtered inside the index); the exact haversine distance ranks only the
-- candidates in the box (server/features/locations/nearest.ts). No extension needed on either database.
ALTER TABLE "countries" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_country_name_uq" ON "cities" USING btree ("country_id", lower("name"));--> statement-breakpoint
ALTER TABLE "client_locations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "client_locations" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "client_locations" ADD CONSTRAINT "client_locations_coordinates_ck"
  CHECK ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180);--> statement-breakpoint
DROP INDEX IF EXISTS "client_locations_client_idx";--> statement-breakpoint
CREATE INDEX "client_locations_geo_idx" ON "client_locations" USING btree ("client_id", "latitude", "longitude");--> statement-breakpoint
-- A bulk upload names branches: the same name again updates that branch.
CREATE UNIQUE INDEX "client_locations_name_uq" ON "client_locations" USING btree ("client_id", lower("name"));--> statement-breakpoint
ALTER TABLE "catalogues" ADD COLUMN "description" text;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogues_name_uq" ON "catalogues" USING btree ("client_id", lower("name"));--> statement-breakpoint
-- Prices in the currency's minor units (cents, kuruş), never floating point.
ALTER TABLE "products" RENAME COLUMN "price" TO "price_minor";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_minor" TYPE bigint USING round("price_minor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retailer_id" text;--> statement-breakpoint
-- An image uploaded through the chat's uploads: the file, so every read signs a fresh link (image_url keeps outside links).
ALTER TABLE "products" ADD COLUMN "image_file_id" integer REFERENCES "attachments"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_amounts_ck" CHECK ("price_minor" >= 0 AND "stock" >= 0);--> statement-breakpoint
CREATE INDEX "products_catalogue_idx" ON "products" USING btree ("client_id", "catalogue_id", "id");--> statement-breakpoint
-- pg_trgm is loaded on both databases since 0008 (PGlite ships it): product search by trigram similarity.
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "sku" || ' ' || coalesce("retailer_id", '') || ' ' || "description")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'received';--> statement-breakpoint
UPDATE "orders" SET "status" = 'received' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
UPDATE "orders" SET "order_number" = 'ORD-' || "id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "conversation_id" integer REFERENCES "conversations"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "catalogue_ref" text;--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "total" TO "total_minor";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_minor" TYPE bigint USING round("total_minor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck"
  CHECK ("status" IN ('received', 'confirmed', 'preparing', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("client_id", "order_number");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("client_id", "status", "created_at");
