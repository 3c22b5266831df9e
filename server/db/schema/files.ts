/** The bytes of uploaded files (0004_tickets.sql), one row per attachment; kept apart so listing attachments never reads them. */
import { customType, integer, pgTable } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { attachments } from "./conversations"

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" })

export const attachmentFiles = pgTable("attachment_files", {
  attachmentId: integer("attachment_id")
    .primaryKey()
    .references(() => attachments.id, { onDelete: "cascade" }),
  clientId: integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
})
