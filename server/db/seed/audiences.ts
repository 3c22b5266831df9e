/**
 * Who the business talks to in bulk: segments by rules (members are whoever the rules match, as segments/segment-sql.ts
 * reads them) and reminders to a group or a segment. A reminder's next run is at least two days away, so a server
 * started on the seeded world (the tests' template is rebuilt each day) never fires one by itself while it runs. The
 * text a reminder's last run sent is in each of those customers' conversations, as reminder-jobs.ts stores it: an
 * automated text naming the reminder, delivered.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { messages } from "../schema/conversations"
import { reminders, segments } from "../schema/tagging"
import { conversationAtOf } from "./conversation-at"

const DAY = 86_400_000

export interface AudiencePlan {
  readonly clientId: number
  /** The city whose customers make the first segment. */
  readonly city: string
  readonly withReminders: boolean
}

const groupId = async (db: Db, clientId: number, name: string) =>
  Number(rowsOf(await db.execute(sql`SELECT id FROM contact_groups WHERE client_id = ${clientId} AND name = ${name}`))[0].id)

/** A weekly schedule whose occurrences fell 4, 11 and 18 days ago and whose next is 3 days ahead, at 10:00 UTC. */
const weekly = (now: number) => {
  const start = new Date(now - 18 * DAY)
  start.setUTCHours(10, 0, 0, 0)
  const last = new Date(start.getTime() + 14 * DAY)
  return { schedule: { repeat: "weekly", start_at: start.toISOString() }, last, next: new Date(start.getTime() + 21 * DAY) }
}

export const seedAudiences = async (db: Db, plan: AudiencePlan) => {
  const { clientId } = plan
  const vip = await groupId(db, clientId, "VIP customers")
  const newsletter = await groupId(db, clientId, "Newsletter")
  const made = await db
    .insert(segments)
    .values([
      {
        clientId,
        name: `${plan.city} customers`,
        description: `Customers whose city is ${plan.city}`,
        rules: { match: "all", conditions: [{ type: "attribute", key: "city", operator: "eq", value: plan.city }] },
      },
      {
        clientId,
        name: "WhatsApp VIPs",
        description: "VIP customers who write on WhatsApp",
        rules: {
          match: "all",
          conditions: [
            { type: "channel", channel: "whatsapp" },
            { type: "group", id: vip },
          ],
        },
      },
      {
        clientId,
        name: "Waiting on us",
        description: "Customers with a ticket that is not resolved",
        rules: { match: "all", conditions: [{ type: "open_ticket", value: true }] },
      },
    ])
    .returning()
  if (!plan.withReminders) return
  /**
   * What a run at `at` to these customers did (reminder-jobs.ts): text to those it may write to (any channel but
   * WhatsApp, or a WhatsApp customer who wrote in the 24 hours before); without a template, the others and the blocked
   * were skipped.
   */
  const runOf = async (who: ReturnType<typeof sql>, at: Date) => {
    const people = rowsOf(
      await db.execute(sql`SELECT ct.id, NOT ct.blocked AND (ct.channel <> 'whatsapp'
          OR ct.last_inbound_at BETWEEN ${at.toISOString()}::timestamptz - interval '24 hours' AND ${at.toISOString()}::timestamptz) AS text
        FROM contacts ct WHERE ct.id IN (${who}) ORDER BY ct.id`),
    )
    const texted = people.filter((p) => p.text === true).map((p) => Number(p.id))
    const run = {
      at: at.toISOString(),
      recipients: people.length,
      sent_text: texted.length,
      sent_template: 0,
      skipped: people.length - texted.length,
      failed: 0,
    }
    return { run, texted, at }
  }
  const now = Date.now()
  const offers = weekly(now)
  const followUpAt = new Date(now - 6 * 3_600_000)
  followUpAt.setUTCSeconds(0, 0)
  const offersRun = await runOf(sql`SELECT contact_id FROM contact_group_members WHERE group_id = ${newsletter}`, offers.last)
  const followUpRun = await runOf(sql`SELECT contact_id FROM tickets WHERE client_id = ${clientId} AND status <> 'Resolved'`, followUpAt)
  const planned = await db
    .insert(reminders)
    .values([
      {
        clientId,
        name: "Weekly offers",
        message: "This week's offers are in: reply OFFERS to see them.",
        schedule: offers.schedule,
        target: { type: "group", group_id: newsletter },
        nextRunAt: offers.next,
        lastRun: offersRun.run,
        createdAt: new Date(now - 20 * DAY),
      },
      {
        clientId,
        name: "Ticket follow-up",
        message: "We are still working on your request and will write as soon as it is solved.",
        schedule: { repeat: "once", start_at: followUpAt.toISOString() },
        target: { type: "segment", segment_id: made[2].id },
        // A one-off reminder that ran has no next run.
        nextRunAt: null,
        lastRun: followUpRun.run,
        createdAt: new Date(now - DAY),
      },
    ])
    .returning()
  const conversationAt = await conversationAtOf(db, clientId)
  const sent = [offersRun, followUpRun].flatMap(({ texted, at }, k) =>
    texted.flatMap((contactId) => {
      const conversationId = conversationAt(contactId, at)
      const reminder = planned[k]
      if (conversationId === undefined) return []
      const externalId = `wamid.seed-reminder-${reminder.id}-${contactId}`
      const payload = { reminder_id: reminder.id }
      return [
        {
          clientId,
          conversationId,
          direction: "out",
          type: "text",
          body: reminder.message,
          payload,
          externalId,
          status: "delivered",
          dt: at,
        },
      ]
    }),
  )
  if (sent.length > 0) await db.insert(messages).values(sent)
}
