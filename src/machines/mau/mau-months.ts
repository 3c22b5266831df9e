/**
 * The MAU screen's rules, pure: a range of calendar months (`YYYY-MM`, both ends included, at most MAX_MONTHS), and
 * the figures the table and chart show per month and channel, summed over the businesses chosen.
 */
import type { Channel } from "../../contract/schemas/common"
import type { MauRow } from "../../contract/schemas/tenants"

/** The longest range one screen reads (one call per month). */
export const MAX_MONTHS = 24
/** The range a screen opens with: the last six months, this one included. */
export const DEFAULT_MONTHS = 6
export const CHANNELS: readonly Channel[] = ["whatsapp", "facebook", "instagram", "sms", "webchat"]

const pad = (n: number) => String(n).padStart(2, "0")
const index = (month: string) => {
  const [y, m] = month.split("-").map(Number)
  return y * 12 + (m - 1)
}
const monthAt = (i: number) => `${Math.floor(i / 12)}-${pad((i % 12) + 1)}`
const isMonth = (text: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text)

/** `YYYY-MM` of a date, in UTC. */
export const monthOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`
export const shiftMonth = (month: string, by: number) => monthAt(index(month) + by)

export type RangeProblem = "invalid" | "order" | "tooLong"

/** Why a range cannot be read, or null. */
export const rangeProblem = (from: string, to: string): RangeProblem | null => {
  if (!isMonth(from) || !isMonth(to)) return "invalid"
  if (index(to) < index(from)) return "order"
  if (index(to) - index(from) + 1 > MAX_MONTHS) return "tooLong"
  return null
}

/** Every month from `from` to `to`, both included, oldest first. */
export const monthsBetween = (from: string, to: string): string[] =>
  rangeProblem(from, to) ? [] : Array.from({ length: index(to) - index(from) + 1 }, (_, i) => monthAt(index(from) + i))

export interface MauMonth {
  readonly month: string
  /** Distinct customers per channel (every channel, zeros included). */
  readonly byChannel: Readonly<Record<Channel, number>>
  readonly users: number
  readonly conversations: number
}

/** One line per month of the range (months without a row are zeros), over the rows of `clientId` or of every business. */
export const mauMonths = (rows: readonly MauRow[], months: readonly string[], clientId: number | null = null): MauMonth[] =>
  months.map((month) => {
    const chosen = rows.filter((r) => r.month === month && (clientId === null || r.client_id === clientId))
    const byChannel = Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number>
    for (const row of chosen) for (const c of row.by_channel) byChannel[c.channel_type] += c.users
    return {
      month,
      byChannel,
      users: chosen.reduce((sum, r) => sum + r.users, 0),
      conversations: chosen.reduce((sum, r) => sum + r.conversations, 0),
    }
  })

/** The channels with a customer in the range (the table's and chart's columns); every channel when none has. */
export const activeChannels = (lines: readonly MauMonth[]): Channel[] => {
  const used = CHANNELS.filter((c) => lines.some((l) => l.byChannel[c] > 0))
  return used.length > 0 ? used : [...CHANNELS]
}

/** The businesses present in the rows (the super admin's choice), by name. */
export const businessesOf = (rows: readonly MauRow[]) =>
  [...new Map(rows.map((r) => [r.client_id, r.client_name])).entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const isEmail = (text: string) => text.length <= 254 && EMAIL.test(text.trim())
