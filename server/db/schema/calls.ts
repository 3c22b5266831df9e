import { sql } from "drizzle-orm"
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core"
import { clients } from "./tenants"
import { users } from "./identity"

/** The message attached to a call record (spec 000 section 3). */
export interface CallMessage {
  message_type: "text" | "image" | "video" | "document" | "interactive"
  message_body: string
  attachments: { name: string; value: string }[]
  interactive: Record<string, unknown> | null
}

/** A WhatsApp voice call (call history). Paged by (client_id, dt). */
export const callRecords = pgTable(
  "call_records",
  {
    id: serial("id").primaryKey(),
    callId: text("call_id").notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    callType: text("call_type").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }),
    endTime: timestamp("end_time", { withTimezone: true }),
    duration: integer("duration").notNull().default(0),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    blocks: integer("blocks").notNull().default(0),
    dt: timestamp("dt", { withTimezone: true }).notNull().defaultNow(),
    message: jsonb("message").$type<CallMessage | null>(),
    /**
     * The row as the contract's CallRecord JSON, what the export streams. Written by the trigger call_records_json
     * (migration 0035) on every insert and update, and when the accepting agent's username changes: never set it.
     */
    recordJson: text("record_json").notNull().default(""),
    /** Seconds on hold, added when a hold ends (resumed or the call ended; migration 0047). */
    holdSeconds: integer("hold_seconds").notNull().default(0),
  },
  (t) => [
    // Newest first, ties by id: the order every Call History read takes (migration 0061).
    index("call_records_client_dt_id_idx").on(t.clientId, t.dt, t.id),
    index("call_records_client_type_dt_id_idx").on(t.clientId, t.callType, t.dt, t.id),
    uniqueIndex("call_records_call_id_uq").on(t.callId),
    // An agent's calls in progress, their voice load (features/chat/capacity.ts; migration 0063).
    index("call_records_open_accepted_idx").on(t.acceptedBy).where(sql`"end_time" IS NULL`),
  ],
)

/**
 * What a ringing or answered WhatsApp call needs beyond its record, readable by every server process (migration 0033);
 * deleted when the call ends. The record keeps status, who accepted and when.
 */
export const liveCalls = pgTable(
  "live_calls",
  {
    callId: text("call_id")
      .primaryKey()
      .references(() => callRecords.callId, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"simulator" | "meta">().notNull(),
    /** The process carrying the call's media (the one that accepted or dialled it); null while it rings. */
    ownerNode: text("owner_node"),
    agentSocket: text("agent_socket"),
    /** Agents that declined it while it rang. */
    declined: integer("declined").array().notNull().default(sql`'{}'::integer[]`),
    ringEndsAt: timestamp("ring_ends_at", { withTimezone: true }),
    /** A Meta call: the caller's SDP offer, answered by whichever process wins the accept, through this phone number id (its channel account). */
    metaOffer: text("meta_offer"),
    metaNumberId: text("meta_number_id"),
    emittedAt: bigint("emitted_at", { mode: "number" }),
    /** When the agent put the call on hold; null while it rings or is active (migration 0047). */
    heldSince: timestamp("held_since", { withTimezone: true }),
    /** The agents the call was offered to while ringing (features/calls/call-takers.ts; migration 0050). */
    rung: integer("rung").array().notNull().default(sql`'{}'::integer[]`),
    /** The blind transfer a held call waits on while it rings at its target (features/calls/call-transfer.ts). */
    transfer: jsonb("transfer"),
    /** When a call that found every online agent busy joined the agents' queue (features/calls/call-waiting.ts; migration 0054). */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
  },
  (t) => [index("live_calls_owner_idx").on(t.ownerNode), check("live_calls_channel_ck", sql`${t.channel} IN ('simulator', 'meta')`)],
)

/**
 * When each agent was last rung for a voice call (migration 0065): a tenant ringing a few agents at a time
 * (`ring_at_once`) rings those rung longest ago first (features/calls/call-takers.ts).
 */
export const agentRingTurns = pgTable("agent_ring_turns", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rungAt: timestamp("rung_at", { withTimezone: true }).notNull(),
})

/** A call's transfers (migration 0050): who sent it to whom (an agent or a group) and how it ended. */
export const callTransfers = pgTable(
  "call_transfers",
  {
    id: serial("id").primaryKey(),
    callId: text("call_id")
      .notNull()
      .references(() => callRecords.callId, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    fromUser: integer("from_user").references(() => users.id, { onDelete: "set null" }),
    toUser: integer("to_user").references(() => users.id, { onDelete: "set null" }),
    /** The agent group it was sent to (agent_groups.id; a group deleted later leaves null). */
    toGroup: integer("to_group"),
    targetName: text("target_name").notNull(),
    takenBy: integer("taken_by").references(() => users.id, { onDelete: "set null" }),
    outcome: text("outcome").$type<"ringing" | "taken" | "not_taken" | "cancelled">().notNull().default("ringing"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("call_transfers_call_idx").on(t.callId),
    check("call_transfers_outcome_ck", sql`${t.outcome} IN ('ringing', 'taken', 'not_taken', 'cancelled')`),
  ],
)

/** Each server process's lease: renewed every few seconds; a process whose lease ran out carries no call any more. */
export const callNodes = pgTable("call_nodes", {
  nodeId: text("node_id").primaryKey(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
})

/** A call through the PBX (Kamailio): between two extensions, out through the tenant's trunk or in from it (migration 0009). */
export const pbxCalls = pgTable(
  "pbx_calls",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The SIP Call-ID: one row per call, also when Kamailio reports it twice. */
    callId: text("call_id").notNull(),
    direction: text("direction").$type<"internal" | "outbound" | "inbound">().notNull(),
    /** An extension, or the far number of an inbound trunk call. */
    caller: text("caller").notNull(),
    /** The extension or number dialled (inbound: the tenant's number). */
    callee: text("callee").notNull(),
    callerUserId: integer("caller_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The agent called or (inbound) the one who answered. */
    calleeUserId: integer("callee_user_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    /** From the answer to the end; 0 when not answered. */
    durationSeconds: integer("duration_seconds").notNull().default(0),
    outcome: text("outcome").$type<"answered" | "busy" | "no_answer" | "failed" | "cancelled">().notNull(),
    /** The final SIP status of a call not answered (486, 480, 487, 503...). */
    sipCode: integer("sip_code"),
  },
  (t) => [
    uniqueIndex("pbx_calls_call_uq").on(t.clientId, t.callId),
    index("pbx_calls_client_started_idx").on(t.clientId, t.startedAt),
    check("pbx_calls_direction_ck", sql`${t.direction} IN ('internal', 'outbound', 'inbound')`),
    check("pbx_calls_outcome_ck", sql`${t.outcome} IN ('answered', 'busy', 'no_answer', 'failed', 'cancelled')`),
  ],
)
