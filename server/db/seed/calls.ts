/** Call records, generated deterministically and written in big batches (unnest arrays: fast on PGlite and PostgreSQL). */
import type { Database } from "../db"
import type { CallMessage } from "../schema/calls"
import { makeRng, nameOf, phoneOf, type Rng, CUSTOMER_LINES } from "./prng"

const STATUSES = ["completed", "completed", "completed", "missed", "rejected", "failed"] as const

const messageOf = (rng: Rng, i: number): CallMessage | null => {
  const kind = rng.pick(["text", "text", "image", "video", "document", "interactive", "none"] as const)
  if (kind === "none") return null
  const base = {
    message_type: kind,
    message_body: "",
    attachments: [] as { name: string; value: string }[],
    interactive: null,
  }
  if (kind === "text") return { ...base, message_body: rng.pick(CUSTOMER_LINES) }
  if (kind === "interactive") {
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
  const ext = kind === "image" ? "jpg" : kind === "video" ? "mp4" : "pdf"
  const filename = `${kind}-${i}.${ext}`
  return {
    ...base,
    message_body: `https://picsum.photos/seed/${i}/640/480`,
    attachments: [
      { name: "filename", value: filename },
      { name: "mime", value: `${kind}/${ext}` },
    ],
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
      // Today's calls come first so a fresh console shows calls under the default "today" filter.
      const dt = new Date(i < options.count / 5 ? now - rng.int(0, Math.min(span, 6 * 3_600_000)) : now - rng.int(0, span))
      const status = rng.pick(STATUSES)
      const answered = status === "completed"
      const duration = answered ? rng.int(5, 1800) : 0
      const start = answered ? dt : null
      const row = [
        `wacid.${runTag}.${i.toString(36)}`,
        options.clientId,
        nameOf(rng),
        phoneOf(rng, i),
        rng.chance(0.6) ? "incoming" : "outgoing",
        start?.toISOString() ?? null,
        start ? new Date(start.getTime() + duration * 1000).toISOString() : null,
        duration,
        answered && options.agentIds.length ? rng.pick(options.agentIds) : null,
        status,
        answered ? Math.ceil(duration / 60) : 0,
        dt.toISOString(),
        ((m) => (m ? JSON.stringify(m) : null))(messageOf(rng, i)),
      ]
      for (const [c, value] of row.entries()) cols[c].push(value)
    }
    await database.query(INSERT, cols)
    done += size
    options.onProgress?.(done)
  }
}
