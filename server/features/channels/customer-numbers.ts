/**
 * A WhatsApp customer's new number (Meta's `system` message `user_changed_number`): their contact takes the new
 * number, with its conversations. When the new number already has a contact (the customer wrote from it first), the
 * old contact's conversations move to it: its history, and its open conversation when the new contact has none open
 * (a contact has one open conversation at most: conversations_open_contact_uq).
 */
import { sql } from "drizzle-orm"
import type { JobContext } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { contactFor, emitChat, loadConversation } from "../chat"

export const changeNumber = async (ctx: JobContext, clientId: number, from: string, to: string) => {
  const contactOf = async (number: string) =>
    rowsOf(
      await ctx.db.execute(
        sql`SELECT id FROM contacts WHERE client_id = ${clientId} AND channel = 'whatsapp' AND number = ${number} FOR UPDATE`,
      ),
    )[0]
  const old = await contactOf(from)
  if (!old) return
  const taken = await contactOf(to)
  if (!taken) await ctx.db.execute(sql`UPDATE contacts SET number = ${to} WHERE id = ${Number(old.id)}`)
  else
    await ctx.db.execute(sql`UPDATE conversations SET contact_id = ${Number(taken.id)} WHERE contact_id = ${Number(old.id)}
      AND (status = 'closed' OR NOT EXISTS (SELECT 1 FROM conversations o WHERE o.contact_id = ${Number(taken.id)} AND o.status <> 'closed'))`)
  const open = rowsOf(
    await ctx.db.execute(
      sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND contact_id = ${Number(taken?.id ?? old.id)} AND status <> 'closed'`,
    ),
  )
  for (const row of open)
    await emitChat(ctx, clientId, "chat:conversation", { conversation: await loadConversation(ctx.db, clientId, Number(row.id)) })
}

/**
 * The number a WhatsApp customer's message is stored under: their phone number (`+` and digits) when Meta sent it,
 * else the number of the contact that has their BSUID, else the BSUID itself. A BSUID arriving with a phone number
 * links the two: a contact known until then only by the BSUID takes the phone number (changeNumber), and the phone
 * number's contact keeps the BSUID.
 */
export const whatsappNumberOf = async (ctx: JobContext, clientId: number, phone: string, bsuid: string | undefined, name?: string) => {
  if (!bsuid) return phone
  const [known] = rowsOf(
    await ctx.db.execute(sql`SELECT id, number FROM contacts WHERE client_id = ${clientId} AND channel = 'whatsapp' AND bsuid = ${bsuid}`),
  )
  if (!phone) {
    if (known) return String(known.number)
    const contact = await contactFor(ctx.db, clientId, "whatsapp", bsuid, name)
    await ctx.db.execute(sql`UPDATE contacts SET bsuid = ${bsuid} WHERE id = ${contact.id}`)
    return bsuid
  }
  if (known && String(known.number) === phone) return phone
  if (known) {
    await changeNumber(ctx, clientId, String(known.number), phone)
    await ctx.db.execute(sql`UPDATE contacts SET bsuid = NULL WHERE id = ${Number(known.id)} AND number <> ${phone}`)
  }
  const contact = await contactFor(ctx.db, clientId, "whatsapp", phone, name)
  await ctx.db.execute(sql`UPDATE contacts SET bsuid = ${bsuid} WHERE id = ${contact.id}`)
  return phone
}
