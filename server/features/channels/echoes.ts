/**
 * Echoes: what the business sent outside this console (the WhatsApp Business app on a coexistence number, another app
 * or the page's own inbox on Messenger and Instagram), stored as an outgoing message of the customer's conversation.
 * Our own sends echo back too (Messenger, Instagram) with the id our send stored: recognised by that id
 * (messages_client_external_uq), never stored twice. A page's echo is handled a moment later in a job of its own, so
 * that our send's transaction, which stores the id Meta answered, has committed by then.
 */
import { sql } from "drizzle-orm"
import type { Channel } from "../../../src/contract/schemas/common"
import { enqueue, type Job, type JobContext, type JobHandler } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import { contactFor, emitChat, loadConversation, loadMessage, openConversationOf, storeOutbound } from "../chat"

export const ECHO_JOB = "channels.echo"
/** How long a page's echo waits for our own send's commit. */
export const ECHO_DELAY_MS = 2000

export interface Echo {
  readonly id: string
  /** The customer it went to (`+` and digits on WhatsApp, Meta's scoped id on Messenger and Instagram). */
  readonly to: string
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

export const storeEcho = async (
  ctx: JobContext,
  clientId: number,
  channel: Channel,
  echo: Echo,
): Promise<"stored" | "duplicate" | "blocked"> => {
  const [known] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM messages WHERE client_id = ${clientId} AND external_id = ${echo.id}`))
  if (known) return "duplicate"
  const contact = await contactFor(ctx.db, clientId, channel, echo.to)
  if (contact.blocked) return "blocked"
  const conversation = await openConversationOf(ctx.db, clientId, contact)
  // Not an agent's reply in this console: the conversation stays where it was, as for an automated message.
  const messageId = await storeOutbound(ctx.db, clientId, {
    conversation,
    type: echo.type,
    body: echo.body,
    payload: echo.payload,
    senderUserId: null,
    externalId: echo.id,
    automated: true,
  })
  const links = { config: ctx.services.config, origin: "" }
  const [shown, message] = await Promise.all([
    loadConversation(ctx.db, clientId, conversation.id),
    loadMessage(ctx.db, clientId, messageId, links),
  ])
  if (message) await emitChat(ctx, clientId, "chat:message", { conversation: shown, message })
  return "stored"
}

/** A page's echo, handled after ECHO_DELAY_MS (see above). */
export const enqueueEcho = (ctx: JobContext, clientId: number, channel: Channel, echo: Echo) =>
  enqueue(ctx.db, {
    kind: ECHO_JOB,
    clientId,
    payload: { channel, echo: { ...echo } },
    runAt: new Date(ctx.clock.now().getTime() + ECHO_DELAY_MS),
    idempotencyKey: `meta-echo:${clientId}:${echo.id}`,
    maxAttempts: 4,
  })

export const echoJobHandler: JobHandler = {
  kind: ECHO_JOB,
  run: async (job: Job, ctx: JobContext) => {
    if (job.clientId === null) return
    await storeEcho(ctx, job.clientId, String(job.payload.channel) as Channel, job.payload.echo as unknown as Echo)
  },
}
