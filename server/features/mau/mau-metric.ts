/**
 * Monthly active users, the one definition (docs/features/mau.md): the distinct customers (contacts) of a tenant with at
 * least one inbound message in the tenant's local calendar month, read from contact_months_now (kept by the
 * messages triggers of 0006_dashboard, with the months not yet flushed: 0067_rollup_deltas). A contact belongs to one
 * channel, so the per-channel counts add up to the total.
 * `conversations` counts the conversations that started in that month.
 */
import { sql } from "drizzle-orm"
import type { MauRow } from "../../../src/contract/schemas/tenants"
import type { Channel } from "../../../src/contract/schemas/common"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { checkMonth } from "../../core/date-range"

/** The tenant's current month, `YYYY-MM`, on its own clock. */
export const currentMonth = async (db: Db, clientId: number): Promise<string> => {
  const [row] = rowsOf(await db.execute(sql`SELECT to_char(now() AT TIME ZONE tenant_zone(${clientId}), 'YYYY-MM') AS m`))
  return String(row.m)
}

export const mauOf = async (db: Db, clientId: number, month: string): Promise<MauRow> => {
  checkMonth(month)
  const first = `${month}-01`
  const [row] = rowsOf(
    await db.execute(sql`SELECT c.id, c.name,
      (SELECT count(*)::int FROM contact_months_now cm WHERE cm.client_id = c.id AND cm.month = ${first}::date) AS users,
      (SELECT count(*)::int FROM conversations v WHERE v.client_id = c.id
        AND v.started_at >= (${first}::date::timestamp AT TIME ZONE tenant_zone(c.id))
        AND v.started_at < ((${first}::date + interval '1 month')::timestamp AT TIME ZONE tenant_zone(c.id))) AS conversations
    FROM clients c WHERE c.id = ${clientId}`),
  )
  const channels = rowsOf(
    await db.execute(sql`SELECT ct.channel, count(*)::int AS users FROM contact_months_now cm JOIN contacts ct ON ct.id = cm.contact_id
    WHERE cm.client_id = ${clientId} AND cm.month = ${first}::date GROUP BY ct.channel ORDER BY ct.channel`),
  )
  return {
    client_id: clientId,
    client_name: String(row?.name ?? ""),
    month,
    users: Number(row?.users ?? 0),
    conversations: Number(row?.conversations ?? 0),
    by_channel: channels.map((r) => ({ channel_type: String(r.channel) as Channel, users: Number(r.users) })),
  }
}

/** The report as a mail: plain text and a small HTML table. */
export const mauMail = (rows: readonly MauRow[], month: string) => {
  const lines = rows.flatMap((r) => [
    `${r.client_name}: ${r.users} monthly active users, ${r.conversations} conversations`,
    ...r.by_channel.map((c) => `  ${c.channel_type}: ${c.users}`),
  ])
  const cells = rows
    .flatMap((r) => [
      `<tr><th align="left">${escapeHtml(r.client_name)}</th><td>${r.users}</td><td>${r.conversations}</td></tr>`,
      ...r.by_channel.map((c) => `<tr><td>&nbsp;&nbsp;${escapeHtml(c.channel_type)}</td><td>${c.users}</td><td></td></tr>`),
    ])
    .join("")
  return {
    subject: `Monthly active users, ${month}`,
    text: [`Monthly active users for ${month}`, "", ...lines].join("\n"),
    html: `<h2>Monthly active users, ${month}</h2><table><tr><th></th><th>Users</th><th>Conversations</th></tr>${cells}</table>`,
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
