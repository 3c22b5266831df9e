/** The billing ledger (0012_tenant_rules.sql): every credit and debit of a tenant with the balance after it. */
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core"
import type { LedgerReason } from "../../../src/contract/schemas/billing"
import { sql } from "drizzle-orm"
import { clients } from "./tenants"
import { users } from "./identity"

export const billingLedger = pgTable(
  "billing_ledger",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Positive: a credit (top-up); negative: a debit (template, SMS...). */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric("balance_after", { precision: 14, scale: 2 }).notNull(),
    /** In English words, for files and messages; `why` holds its figures for the console to word. */
    reason: text("reason").notNull(),
    why: jsonb("why").$type<LedgerReason>().notNull(),
    ref: text("ref"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_ledger_client_idx").on(t.clientId, t.id), check("billing_ledger_amount_ck", sql`${t.amount} <> 0`)],
)
