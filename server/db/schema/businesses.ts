/** Business registrations and their documents (migration 0022, server/features/onboarding and businesses). */
import { sql } from "drizzle-orm"
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { attachments } from "./conversations"
import { users } from "./identity"
import { clients } from "./tenants"

/** The admin a registration asks for: created, with this password, when a super admin approves the business. */
export const businessRegistrations = pgTable(
  "business_registrations",
  {
    clientId: integer("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    adminUsername: text("admin_username").notNull(),
    passwordHash: text("password_hash").notNull(),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("business_registrations_username_uq").on(t.adminUsername)],
)

/** A document uploaded for a registration; client_id is null until the registration that names it claims it. */
export const registrationDocuments = pgTable(
  "registration_documents",
  {
    id: serial("id").primaryKey(),
    attachmentId: integer("attachment_id")
      .notNull()
      .references(() => attachments.id, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    /** SHA-256 of the upload token of the applicant who uploaded it (hex): the registration must present that token. */
    applicantHash: text("applicant_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("registration_documents_attachment_uq").on(t.attachmentId),
    index("registration_documents_client_idx").on(t.clientId),
    index("registration_documents_applicant_idx").on(t.applicantHash).where(sql`${t.clientId} IS NULL`),
  ],
)
