/**
 * Random event logs for the metric tests, their rows written straight into the database (as the chat, the bots and
 * the survey feature would), and the naive reference every metric is compared with.
 */
import fc from "fast-check"
import { expect } from "vitest"
import type { Database } from "../../db/db"

export const CHANNELS = ["whatsapp", "facebook", "webchat"] as const

export interface LogMessage {
  /** Seconds after the conversation's start. */
  readonly at: number
  readonly direction: "in" | "out"
  /** Out only: sent by the agent (else by a bot or campaign, no sender). */
  readonly byAgent: boolean
  readonly status: "received" | "sent" | "delivered" | "read" | "failed"
}

export interface LogConversation {
  /** Minutes after the window's start. */
  readonly startMinute: number
  readonly channel: (typeof CHANNELS)[number]
  /** Index into the tenant's agents, or null (never assigned). */
  readonly agent: number | null
  readonly assignedAfter: number
  /** Seconds after start, or null while open. */
  readonly closedAfter: number | null
  readonly messages: readonly LogMessage[]
  readonly rating: number | null
  /** A UAT customer (a tester): named a UAT number before the conversation starts, or only after its messages. */
  readonly tester: "before" | "after" | null
}

const message = fc.record({
  at: fc.integer({ min: 0, max: 600 }),
  direction: fc.constantFrom("in" as const, "out" as const),
  byAgent: fc.boolean(),
  status: fc.constantFrom("sent" as const, "delivered" as const, "read" as const, "failed" as const),
})

export const conversationArb = fc.record({
  startMinute: fc.integer({ min: 0, max: 3 * 24 * 60 }),
  channel: fc.constantFrom(...CHANNELS),
  agent: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  assignedAfter: fc.integer({ min: 0, max: 120 }),
  closedAfter: fc.option(fc.integer({ min: 300, max: 4000 }), { nil: null }),
  messages: fc.array(message, { maxLength: 6 }),
  rating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  tester: fc.constantFrom(null, null, null, null, "before" as const, "after" as const),
})
export const logArb = fc.array(conversationArb, { minLength: 1, maxLength: 8 })

export interface Placed {
  readonly id: number
  readonly contactId: number
  readonly started: number
  readonly agentId: number | null
  readonly c: LogConversation
}

/** Writes a log for one tenant: contacts, conversations, messages (in two statements, so the roll-ups add up), surveys. */
/** The demo's first business (admin's) and its two agents, agent1 then agent2: where the figure tests write. */
export const demoTenant = async (database: Database): Promise<{ clientId: number; agents: number[] }> => {
  const [one] = (await database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
  const agents = (await database.query("SELECT id FROM users WHERE username IN ('agent1', 'agent2') ORDER BY username")).rows
  return { clientId: Number(one.client_id), agents: agents.map((r) => Number(r.id)) }
}

export const writeLog = async (
  database: Database,
  clientId: number,
  agents: readonly number[],
  window: number,
  log: readonly LogConversation[],
  tag: string,
): Promise<Placed[]> => {
  const placed: Placed[] = []
  const uat = (number: string) =>
    database.query("INSERT INTO uat_customers (client_id, name, number) VALUES ($1, 'Tester', $2)", [clientId, number])
  const testersAfter: string[] = []
  for (const [i, c] of log.entries()) {
    const number = `9${tag}${String(i).padStart(3, "0")}`
    if (c.tester === "before") await uat(number)
    if (c.tester === "after") testersAfter.push(number)
    const [contact] = (
      await database.query("INSERT INTO contacts (client_id, name, number, channel) VALUES ($1, $2, $3, $4) RETURNING id", [
        clientId,
        `Metric ${tag} ${i}`,
        number,
        c.channel,
      ])
    ).rows
    const started = window + c.startMinute * 60_000
    const agentId = c.agent === null ? null : agents[c.agent]
    const status = c.closedAfter !== null ? "closed" : agentId === null ? "unassigned" : "active"
    const [row] = (
      await database.query(
        `INSERT INTO conversations (client_id, contact_id, channel, status, assigned_user_id, started_at, assigned_at, closed_at, last_message_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6) RETURNING id`,
        [
          clientId,
          contact.id,
          c.channel,
          status,
          agentId,
          new Date(started).toISOString(),
          agentId === null ? null : new Date(started + c.assignedAfter * 1000).toISOString(),
          c.closedAfter === null ? null : new Date(started + c.closedAfter * 1000).toISOString(),
        ],
      )
    ).rows
    placed.push({ id: Number(row.id), contactId: Number(contact.id), started, agentId, c })
    if (c.rating !== null)
      await database.query(
        "INSERT INTO survey_responses (client_id, conversation_id, contact_id, agent_id, number, channel, rating, dt) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [clientId, row.id, contact.id, agentId, `9${tag}${i}`, c.channel, c.rating, new Date(started + 60_000).toISOString()],
      )
  }
  const rows = placed.flatMap((p) =>
    p.c.messages.map((m) => [
      clientId,
      p.id,
      m.direction,
      m.direction === "in" ? "received" : m.status,
      m.direction === "out" && m.byAgent ? (p.agentId ?? agentsFallback(agents)) : null,
      new Date(p.started + m.at * 1000).toISOString(),
    ]),
  )
  const half = Math.ceil(rows.length / 2)
  for (const part of [rows.slice(0, half), rows.slice(half)]) {
    if (part.length === 0) continue
    const values = part.map((_, k) => `($${k * 6 + 1}, $${k * 6 + 2}, $${k * 6 + 3}, 'text', $${k * 6 + 4}, $${k * 6 + 5}, $${k * 6 + 6})`)
    await database.query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, status, sender_user_id, dt) VALUES ${values.join(", ")}`,
      part.flat(),
    )
  }
  for (const number of testersAfter) await uat(number)
  return placed
}

const agentsFallback = (agents: readonly number[]) => agents[0]

/** The naive reference: every metric recomputed from the log's rows, nothing shared with the server; testers never count. */
export const reference = (all: readonly Placed[], agents: readonly number[], threshold: number, offsetMinutes: number) => {
  const placed = all.filter((p) => p.c.tester === null)
  const per = placed.map((p) => {
    const senderOf = (m: LogMessage) => (m.direction === "out" && m.byAgent ? (p.agentId ?? agents[0]) : null)
    const ins = p.c.messages.filter((m) => m.direction === "in").map((m) => p.started + m.at * 1000)
    const firstIn = ins.length ? Math.min(...ins) : null
    const replies = p.c.messages
      .filter((m) => senderOf(m) !== null)
      .map((m) => p.started + m.at * 1000)
      .filter((t) => firstIn !== null && t >= firstIn)
    const firstReply = replies.length ? Math.min(...replies) : null
    const closed = p.c.closedAfter !== null
    return {
      p,
      frt: firstIn !== null && firstReply !== null ? (firstReply - firstIn) / 1000 : null,
      aht: closed && p.agentId !== null ? p.c.closedAfter! - p.c.assignedAfter : null,
      resolution: closed ? p.c.closedAfter! : null,
      abandoned: closed && firstIn !== null && firstReply === null,
      agentMessages: p.c.messages.filter((m) => senderOf(m) !== null).length,
    }
  })
  const avg = (xs: (number | null)[]) => {
    const v = xs.filter((x): x is number => x !== null)
    return { avg_seconds: v.length ? v.reduce((a, b) => a + b, 0) / v.length : null, count: v.length }
  }
  const messages = placed.flatMap((p) => p.c.messages.map((m) => ({ ...m, t: p.started + m.at * 1000 })))
  const local = (t: number) => new Date(t + offsetMinutes * 60_000)
  const heat = new Map<string, { conversations: number; messages_in: number }>()
  const cell = (t: number) => {
    const d = local(t)
    const key = `${d.getUTCDay()}:${d.getUTCHours()}`
    if (!heat.has(key)) heat.set(key, { conversations: 0, messages_in: 0 })
    return heat.get(key)!
  }
  for (const p of placed) cell(p.started).conversations++
  for (const m of messages) if (m.direction === "in") cell(m.t).messages_in++
  const days = new Map<string, number>()
  for (const p of placed) {
    const day = local(p.started).toISOString().slice(0, 10)
    days.set(day, (days.get(day) ?? 0) + 1)
  }
  const answered = per.filter((x) => x.frt !== null)
  const within = (t: number) => answered.filter((x) => x.frt! <= t).length
  const byAgent = agents.map((id) => {
    const mine = per.filter((x) => x.p.agentId === id)
    return {
      agent_id: id,
      conversations: mine.length,
      closed: mine.filter((x) => x.resolution !== null).length,
      messages_sent: mine.reduce((n, x) => n + x.agentMessages, 0),
      first_response: avg(mine.map((x) => x.frt)),
      aht: avg(mine.map((x) => x.aht)),
    }
  })
  const ratings = placed.map((p) => p.c.rating).filter((r): r is number => r !== null)
  return {
    conversations: placed.length,
    closed: per.filter((x) => x.resolution !== null).length,
    abandoned: per.filter((x) => x.abandoned).length,
    messages_in: messages.filter((m) => m.direction === "in").length,
    messages_out: messages.filter((m) => m.direction === "out").length,
    delivered: messages.filter((m) => m.direction === "out" && (m.status === "delivered" || m.status === "read")).length,
    first_response: avg(per.map((x) => x.frt)),
    aht: avg(per.map((x) => x.aht)),
    resolution: avg(per.map((x) => x.resolution)),
    answered: answered.length,
    within,
    threshold,
    heat,
    days,
    byAgent,
    mau: new Set(placed.filter((p) => p.c.messages.some((m) => m.direction === "in")).map((p) => p.contactId)).size,
    csat: {
      responses: ratings.length,
      satisfied: ratings.filter((r) => r >= 4).length,
      average: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
      perRating: [1, 2, 3, 4, 5].map((star) => ratings.filter((r) => r === star).length),
    },
  }
}

const close = (a: number | null, b: number | null) => (a === null || b === null ? expect(a).toBe(b) : expect(a).toBeCloseTo(b, 6))

/** A call of the dashboard or reports group as tenant one's admin, answering its `data` (a 200 expected). */
export type FigureCall = (group: "dashboard" | "reports", name: string, payload: Record<string, unknown>) => Promise<any>

/**
 * Every dashboard and report figure of the window (the 10th to the 14th of `month`) against the reference: the info
 * boxes, survey, service level, message stats, chat stats, AHT, the weekday x hour cells, the per-agent rows, the month and the year.
 */
export const expectFigures = async (call: FigureCall, ref: ReturnType<typeof reference>, month: string, zone: string) => {
  const range = { start_date: `${month}-10`, end_date: `${month}-14` }
  const boxes = await call("dashboard", "infoBoxes", range)
  expect(boxes.time_zone).toBe(zone)
  expect({
    c: boxes.conversations,
    closed: boxes.closed,
    ab: boxes.abandoned,
    in: boxes.messages_in,
    out: boxes.messages_out,
  }).toEqual({
    c: ref.conversations,
    closed: ref.closed,
    ab: ref.abandoned,
    in: ref.messages_in,
    out: ref.messages_out,
  })
  for (const metric of ["first_response", "aht", "resolution"] as const) {
    expect(boxes[metric].count, metric).toBe(ref[metric].count)
    close(boxes[metric].avg_seconds, ref[metric].avg_seconds)
  }
  expect(boxes.service_level).toMatchObject({ threshold_seconds: 60, answered_within: ref.within(60), total: ref.answered })
  expect(boxes.csat).toMatchObject({ responses: ref.csat.responses, satisfied: ref.csat.satisfied })
  close(boxes.csat.average, ref.csat.average)
  const survey = await call("reports", "customerSurvey", { ...range, limit: 1 })
  expect(survey.csat).toEqual(boxes.csat)
  expect(survey.ratings).toEqual(ref.csat.perRating)

  const sl = await call("reports", "serviceLevel", { ...range, threshold_seconds: 30 })
  expect({ within: sl.answered_within, total: sl.total }).toEqual({ within: ref.within(30), total: ref.answered })
  expect(sl.series.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(ref.answered)

  const stats = await call("dashboard", "messageStats", range)
  expect(stats.delivered).toBe(ref.delivered)
  const days = Object.fromEntries(
    stats.series
      .filter((d: { conversations: number }) => d.conversations > 0)
      .map((d: { date: string; conversations: number }) => [d.date, d.conversations]),
  )
  expect(days).toEqual(Object.fromEntries(ref.days))
  expect(stats.series.map((d: { date: string }) => d.date)).toEqual([
    `${month}-10`,
    `${month}-11`,
    `${month}-12`,
    `${month}-13`,
    `${month}-14`,
  ])

  const chat = await call("reports", "chatStats", range)
  expect({ total: chat.total, closed: chat.closed, abandoned: chat.abandoned, series: chat.series }).toEqual({
    total: ref.conversations,
    closed: ref.closed,
    abandoned: ref.abandoned,
    series: stats.series,
  })
  const aht = await call("reports", "conversationAht", range)
  expect(aht.aht).toEqual(boxes.aht)
  expect(aht.series.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(ref.aht.count)
  const slDays = await call("reports", "serviceLevel", range)
  const summed = (key: "answered_within" | "total") => slDays.series.reduce((n: number, d: Record<string, number>) => n + d[key], 0)
  expect([slDays.answered_within, slDays.total, summed("answered_within"), summed("total")]).toEqual([
    ref.within(60),
    ref.answered,
    ref.within(60),
    ref.answered,
  ])

  const heat = await call("dashboard", "chatHourly", range)
  expect(heat.cells).toHaveLength(168)
  for (const cell of heat.cells as { weekday: number; hour: number; conversations: number; messages_in: number }[]) {
    const want = ref.heat.get(`${cell.weekday}:${cell.hour}`) ?? { conversations: 0, messages_in: 0 }
    expect({ conversations: cell.conversations, messages_in: cell.messages_in }, `${cell.weekday}:${cell.hour}`).toEqual(want)
  }

  const perAgent = (await call("reports", "agentAllstats", range)) as {
    agent_id: number
    conversations: number
    closed: number
    messages_sent: number
    first_response: { count: number; avg_seconds: number | null }
    aht: { count: number; avg_seconds: number | null }
  }[]
  for (const want of ref.byAgent) {
    const got = perAgent.find((a) => a.agent_id === want.agent_id)!
    expect({
      c: got.conversations,
      closed: got.closed,
      sent: got.messages_sent,
      frt: got.first_response.count,
      aht: got.aht.count,
    }).toEqual({
      c: want.conversations,
      closed: want.closed,
      sent: want.messages_sent,
      frt: want.first_response.count,
      aht: want.aht.count,
    })
    close(got.first_response.avg_seconds, want.first_response.avg_seconds)
    close(got.aht.avg_seconds, want.aht.avg_seconds)
  }

  const monthly = await call("reports", "getMonthly", { month })
  expect(monthly).toMatchObject({ conversations: ref.conversations, messages_in: ref.messages_in, active_users: ref.mau })
  const year = (await call("reports", "getallMonthly", { year: Number(month.slice(0, 4)) })) as unknown as { month: string }[]
  expect(year).toHaveLength(12)
  expect(year.find((entry) => entry.month === month)).toEqual(monthly)
  const report = await call("reports", "chatReport", { ...range, limit: 100 })
  expect(report.totalItems).toBe(ref.conversations)
}
