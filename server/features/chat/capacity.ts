/**
 * The one capacity model: how many of each channel kind an agent may hold at once (chats: WhatsApp, Facebook,
 * Instagram, web chat; SMS threads; voice calls). An agent's cap of a kind is their own (users.attributes `max_chats`,
 * `max_sms`, `max_voice`) when set, else their role's (roles.capacity, migration 0048), else the tenant's (its settings
 * `max_chats_per_agent`, `max_sms_per_agent`, `max_calls_per_agent`), else CAPACITY_DEFAULTS.
 * A cap only gates new work: an agent holding more than a lowered cap keeps what they hold and is given nothing new
 * until under it (`held < cap`), so the load shown never needs clamping.
 * Chat hand-out (tenant-settings/auto-assign.ts) and voice ringing read the same SQL (`canTakeSql`).
 */
import { type SQL, sql } from "drizzle-orm"
import { CallStatus } from "../../../src/contract/voice-calls"

export const CAPACITY_KINDS = ["chat", "sms", "voice"] as const
export type CapacityKind = (typeof CAPACITY_KINDS)[number]

/** A tenant that set no cap of a kind: 5 chats, 20 SMS threads, 1 call. */
export const CAPACITY_DEFAULTS: Readonly<Record<CapacityKind, number>> = { chat: 5, sms: 20, voice: 1 }

/** The users.attributes key of an agent's own cap. */
const AGENT_KEY: Readonly<Record<CapacityKind, string>> = { chat: "max_chats", sms: "max_sms", voice: "max_voice" }

/** An agent's own caps, as their attributes hold them; a kind left out follows their role. */
export const ownCapsOf = (attributes: Readonly<Record<string, unknown>>): Partial<Record<CapacityKind, number>> =>
  Object.fromEntries(
    CAPACITY_KINDS.flatMap((kind) => {
      const value = attributes[AGENT_KEY[kind]]
      return typeof value === "number" && Number.isInteger(value) ? [[kind, value]] : []
    }),
  )

/** SQL for the users row's attributes with the agent's own caps replaced by `caps` (the other attributes kept). */
export const withOwnCapsSql = (caps: Partial<Record<CapacityKind, number>>): SQL => {
  const own = Object.fromEntries(CAPACITY_KINDS.flatMap((kind) => (caps[kind] === undefined ? [] : [[AGENT_KEY[kind], caps[kind]]])))
  return sql`(users.attributes ${sql.raw(CAPACITY_KINDS.map((kind) => `- '${AGENT_KEY[kind]}'`).join(" "))}) || ${JSON.stringify(own)}::jsonb`
}

/** The client_settings key of the tenant's cap. */
export const TENANT_KEY: Readonly<Record<CapacityKind, string>> = {
  chat: "max_chats_per_agent",
  sms: "max_sms_per_agent",
  voice: "max_calls_per_agent",
}

/** A conversation's kind from its channel, as the database's channel_kind() (migration 0048) answers it. */
export const kindOfChannel = (channel: string): CapacityKind => (channel === "sms" ? "sms" : "chat")

const whole = (json: string) => sql.raw(`CASE WHEN ${json} ~ '^[0-9]{1,6}$' THEN (${json})::int END`)

/** The tenant's cap of `kind` as SQL (its setting, else the default); `clientId` a number or an SQL column. */
export const tenantCapSql = (kind: CapacityKind, clientId: number | SQL): SQL =>
  sql`coalesce((SELECT ${whole("s.value #>> '{}'")} FROM client_settings s
    WHERE s.client_id = ${clientId} AND s.key = ${TENANT_KEY[kind]}), ${CAPACITY_DEFAULTS[kind]}::int)`

/** The cap of `kind` of the user `u`: their own, else their role's, else `tenantCap` (a number or SQL). */
export const capSql = (kind: CapacityKind, tenantCap: number | SQL): SQL =>
  sql`coalesce(${whole(`u.attributes ->> '${AGENT_KEY[kind]}'`)},
    (SELECT ${whole(`r.capacity ->> '${kind}'`)} FROM roles r WHERE r.id = u.role_id), ${tenantCap}::int)`

/**
 * An agent's voice load, the calls that keep them from another: the calls they are talking on (answered or connected,
 * not on hold) and their own calls to a customer still in progress (not on hold). A call on hold leaves them free for
 * another (that is what hold is for), a call ringing at them is not theirs yet. The one definition: ringing
 * (calls/call-takers.ts, through canTakeSql) reads it, and so must any voice load a screen shows (heldOfSql("voice")).
 * Found by agent among the calls not ended (the partial index call_records_open_accepted_idx, migration 0063) and
 * joined to live_calls (only calls in progress), never scanned from all of call_records nor from every live call.
 */
const VOICE_LOAD = sql`(SELECT count(*)::int FROM live_calls lc JOIN call_records cr ON cr.call_id = lc.call_id
  WHERE cr.accepted_by = u.id AND cr.end_time IS NULL AND lc.held_since IS NULL
    AND (cr.call_type = 'outgoing' OR cr.status IN (${CallStatus.accepted}, ${CallStatus.connected})))`

/**
 * How many of `kind` the user `u` holds: conversations from the counters of agent_loads `l` (migrations 0039, 0048),
 * calls by their voice load.
 */
export const heldOfSql = (kind: CapacityKind): SQL => (kind === "voice" ? VOICE_LOAD : sql.raw(`l.held_${kind}`))

/**
 * Whether the agent `userId` (a number or SQL) may take one more of `kind` now, as a boolean SQL expression: under
 * their cap. Who may hold chats at all, and who is online, is agentsWhere's (agent-eligibility.ts); who is rung for a
 * call, call-takers.ts. `userId` as SQL must not name the alias `u` (this expression's own users row).
 */
export const canTakeSql = (userId: number | SQL, kind: CapacityKind): SQL =>
  sql`EXISTS (SELECT 1 FROM users u JOIN agent_loads l ON l.user_id = u.id WHERE u.id = ${userId}
    AND ${heldOfSql(kind)} < ${capSql(kind, tenantCapSql(kind, sql`u.client_id`))})`
