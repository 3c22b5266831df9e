/** The durable job queue (migration 0007, server/core/jobs). */
import { sql } from "drizzle-orm"
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    status: text("status").notNull().default("queued"),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_idempotency_uq").on(t.idempotencyKey),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'queued'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index("jobs_client_kind_idx").on(t.clientId, t.kind, t.createdAt),
    check("jobs_status_check", sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 AND ${t.maxAttempts} >= 1`),
  ],
)
