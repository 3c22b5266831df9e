/**
 * The customer panel beside a chat: contacts.fetchCustomerProfile (the contact plus what the tenant knows: how many
 * conversations, open tickets, the labels on their conversations, flags, segments) and contacts.updateCustomerAttributes
 * (name, email, attributes merged into the stored ones; null removes one). A new name reaches every agent looking at
 * the customer's open conversation (`chat:conversation`).
 */
import { sql } from "drizzle-orm"
import { handle } from "../../core/registry"
import { tenantOf } from "../../http/context"
import { isoOrNull } from "../../core/date-range"
import { rowsOf } from "../../db/rows"
import { publishConversation } from "../chat"
import { contactOf, contactRowByNumber, namesOf } from "./contact-rows"
import { editContact } from "./contact-edit"

export const handlers = [
  handle("contacts", "fetchCustomerProfile", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const contact = contactOf(await contactRowByNumber(ctx.db, clientId, input.number))
    const [facts] = rowsOf(
      await ctx.db.execute(sql`SELECT
      (SELECT count(*)::int FROM conversations c WHERE c.contact_id = ${contact.id}) AS conversations,
      (SELECT max(c.started_at) FROM conversations c WHERE c.contact_id = ${contact.id}) AS last_conversation_at,
      (SELECT count(*)::int FROM tickets t LEFT JOIN conversations c ON c.id = t.conversation_id
        WHERE t.client_id = ${clientId} AND t.status <> 'Resolved' AND coalesce(t.contact_id, c.contact_id) = ${contact.id}) AS open_tickets,
      coalesce((SELECT array_agg(DISTINCT l.name) FROM conversations c JOIN conversation_labels cl ON cl.conversation_id = c.id
        JOIN labels l ON l.id = cl.label_id WHERE c.contact_id = ${contact.id}), '{}') AS labels,
      coalesce((SELECT array_agg(f.name ORDER BY f.name) FROM contact_flags cf JOIN flags f ON f.id = cf.flag_id
        WHERE cf.contact_id = ${contact.id} AND f.active), '{}') AS flags,
      coalesce((SELECT array_agg(s.name ORDER BY s.name) FROM contact_segments cs JOIN segments s ON s.id = cs.segment_id
        WHERE cs.contact_id = ${contact.id}), '{}') AS segments`),
    )
    return {
      data: {
        ...contact,
        conversations: Number(facts.conversations ?? 0),
        open_tickets: Number(facts.open_tickets ?? 0),
        last_conversation_at: isoOrNull(facts.last_conversation_at),
        labels: namesOf(facts.labels).sort((a, b) => a.localeCompare(b)),
        flags: namesOf(facts.flags),
        segments: namesOf(facts.segments),
      },
    }
  }),

  handle("contacts", "updateCustomerAttributes", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = contactOf(await contactRowByNumber(ctx.db, clientId, input.number))
    await editContact(ctx.db, clientId, before, input)
    if (input.name !== undefined && input.name !== before.name) {
      const open = rowsOf(await ctx.db.execute(sql`SELECT id FROM conversations WHERE contact_id = ${before.id} AND status <> 'closed'`))
      for (const r of open) await publishConversation(ctx, Number(r.id))
    }
    const after = await contactRowByNumber(ctx.db, clientId, input.number)
    return { data: contactOf(after) }
  }),
]
