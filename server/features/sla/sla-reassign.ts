/**
 * The `reassign` action: the conversation leaves its holder for the next free eligible agent, never the same one.
 * The chat core releases it to the queue's head (chat `releaseToQueueHead`: the holder's load drops, the history gets
 * its assignment line) and the one hand-out (tenant-settings `serveQueue`, the holder excepted) serves the queue from
 * there in this same transaction, so the new holder is told over the socket like any assignment. Nobody else free: it
 * waits at the head, and a later hand-out may give it to whoever is free first, the holder too.
 */
import type { JobContext } from "../../core/jobs"
import { releaseToQueueHead } from "../chat"
import { serveQueue, tenantSettings } from "../tenant-settings"

export const reassign = async (ctx: JobContext, clientId: number, conversationId: number) => {
  const holder = await releaseToQueueHead(ctx, clientId, conversationId)
  if (holder === null || !(await tenantSettings(ctx.db, clientId)).auto_assign) return
  await serveQueue(ctx, clientId, { except: holder })
}
