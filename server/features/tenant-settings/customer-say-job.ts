/** The `settings.say` job (customer-say.ts): the text stored as the bot's in the thread, handed to the channel by the chat outbox. */
import { sql } from "drizzle-orm"
import type { JobHandler } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import type { Channel } from "../../../src/contract/schemas/common"
import { handOverAfterCommit } from "../chat"
import { queueMessageAsBot } from "../chatbots"
import { type AutoKind, SAY_JOB } from "./customer-say"

export const jobHandlers: JobHandler[] = [
  {
    kind: SAY_JOB,
    run: async (job, ctx) => {
      const clientId = job.clientId!
      const { conversation_id, auto, text } = job.payload as { conversation_id: number; auto: AutoKind; text: string }
      const [row] = rowsOf(
        await ctx.db.execute(sql`SELECT c.id, c.status, c.assigned_user_id, ct.channel, ct.number FROM conversations c
          JOIN contacts ct ON ct.id = c.contact_id WHERE c.id = ${conversation_id} AND c.client_id = ${clientId} FOR UPDATE OF c`),
      )
      if (!row) return
      const conversation = {
        id: Number(row.id),
        status: String(row.status) as ConversationStatus,
        agentId: row.assigned_user_id === null ? null : Number(row.assigned_user_id),
      }
      const target = { clientId, conversation, channel: String(row.channel) as Channel, number: String(row.number) }
      const id = await queueMessageAsBot(ctx, target, { type: "text", body: text, payload: { auto } })
      await handOverAfterCommit(ctx, clientId, [id])
    },
  },
]
