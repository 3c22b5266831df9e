/** Call records, generated deterministically and written in big batches (unnest arrays: fast on PGlite and PostgreSQL). */
import type { Database } from "../db"
import type { CallMessage } from "../schema/calls"
import { CallStatus } from "../../../src/contract/voice-calls"
import { makeRng, nameOf, phoneOf, type Rng, CUSTOMER_LINES } from "./prng"

/** The final statuses the call hub writes (call-store.ts `finish`): an unanswered incoming call is missed, an outgoing one failed. */
const INCOMING = [CallStatus.completed, CallStatus.completed, CallStatus.completed, CallStatus.missed, CallStatus.rejected] as const
const OUTGOING = [CallStatus.completed, CallStatus.completed, CallStatus.rejected, CallStatus.failed] as const

/** What the customer sent with the call (follow-up text or a rating); files are left to the chat, which stores them. */
const messageOf = (rng: Rng): CallMessage | null => {
  const kind = rng.pick(["text", "text", "interactive", "none"] as const)
  if (kind === "none") return null
  const base = {
    message_type: kind,
    message_body: "",
    attachments: [] as { name: string; value: string }[],
    interactive: null,
  }
  if (kind === "text") return { ...base, message_body: rng.pick(CUSTOMER_LINES) }
  return {
    ...base,
    message_body: "Rate your call",
    interactive: {
      header_type: "text",
      header_value: "How did we do?",
      body: "Please rate the call you just had.",
      footer: "Thank you",
      type: "button",
      actions_list: {
        buttons: [{ reply: { title: "Great" } }, { reply: { title: "Okay" } }, { reply: { title: "Bad" } }],
      },
    },
  }
}

export interface CallSeedOptions {
  readonly clientId: number
  readonly count: number
  /** Users who may have accepted calls. */
  readonly agentIds: readonly number[]
  /** Spread over this many days back from now (today included). */
  readonly days: number
  readonly seed: number
  readonly batch?: number
  readonly onProgress?: (written: number) => void
}

const COLUMNS = "call_id, client_id, name, number, call_type, start_time, end_time, duration, accepted_by, status, blocks, dt, message"
const INSERT = `INSERT INTO call_records (${COLUMNS})
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[],
    $8::int[], $9::int[], $10::text[], $11::int[], $12::timestamptz[], $13::jsonb[])`

export const seedCallRecords = async (database: Database, options: CallSeedOptions) => {
  const rng = makeRng(options.seed)
  const batch = options.batch ?? 5000
  const now = Date.now()
  const span = options.days * 86_400_000
  const runTag = `${options.clientId.toString(36)}${options.seed.toString(36)}${now.toString(36)}`
  for (let done = 0; done < options.count; ) {
    const size = Math.min(batch, options.count - done)
    const cols: unknown[][] = Array.from({ length: 13 }, () => [])
    for (let k = 0; k < size; k++) {
      const i = done + k
      const incoming = rng.chance(0.6)
      const status = rng.pick(incoming ? INCOMING : OUTGOING)
      const answered = status === CallStatus.completed
      const ringMs = rng.int(3, answered ? 20 : 45) * 1000
      const duration = answered ? rng.int(5, 1800) : 0
      const length = ringMs + duration * 1000
      // Rung at `dt`, ended `length` later, before now. Today's calls come first so the default "today" filter shows calls.
      const back = i < options.count / 5 ? rng.int(0, Math.min(span, 6 * 3_600_000)) : rng.int(0, span)
      const dt = new Date(now - Math.max(back, length + 1000))
      const start = answered ? new Date(dt.getTime() + ringMs) : null
      const end = new Date(dt.getTime() + length)
      // The hub records the agent who accepted an incoming call, and the agent who dialled an outgoing one.
      const agent = options.agentIds.length && (answered || !incoming) ? rng.pick(options.agentIds) : null
      const row = [
        `wacid.${runTag}.${i.toString(36)}`,
        options.clientId,
        nameOf(rng),
        phoneOf(rng, i),
        incoming ? "incoming" : "outgoing",
        start?.toISOString() ?? null,
        end.toISOString(),
        duration,
        agent,
        status,
        answered ? Math.ceil(duration / 60) : 0,
        dt.toISOString(),
        ((m) => (m ? JSON.stringify(m) : null))(messageOf(rng)),
      ]
      for (const [c, value] of row.entries()) cols[c].push(value)
    }
    await database.query(INSERT, cols)
    done += size
    options.onProgress?.(done)
  }
}
