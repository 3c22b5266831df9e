/**
 * The channel's delivery reports, applied a gathering at a time: reports arriving while one gathering is stored wait
 * for the next (at most GATHER_MS later), and each gathering is one transaction per tenant (status-store.ts
 * `storeStatuses`), not one per report: at a campaign's pace (a report per message, 300 ms after each hand-over in the
 * simulator) one transaction per report filled the pool. A report can beat the commit of the send that caused it: an
 * unknown message is tried again, RETRY_MS later and doubling up to RETRY_MOST_MS, RETRIES times (about 13 s in all: a
 * loaded database can take seconds to commit a send). Each report's promise settles once it is stored (or given
 * up); `chat:message-status` is written in that transaction for each message that moved, and relayed after its commit.
 */
import type { Services } from "../../http/context"
import type { MessageStatusUpdate } from "../../channels/message-channel"
import { type ChatPayload, emitChat, inChatTransaction } from "./chat-bus"
import { storeStatuses } from "./status-store"

const GATHER_MS = 20
const RETRY_MS = 100
const RETRY_MOST_MS = 2000
const RETRIES = 10
/** Reports stored in one transaction at most. */
const MOST = 2000

interface Pending {
  readonly clientId: number
  readonly externalId: string
  readonly status: MessageStatusUpdate
  tries: number
  readonly done: () => void
}

export const statusReports = (services: Services) => {
  const waiting: Pending[] = []
  let busy = false
  let timer: NodeJS.Timeout | null = null
  let closed = false

  const later = (p: Pending) => {
    p.tries++
    if (p.tries >= RETRIES || closed) return p.done()
    setTimeout(() => add(p), Math.min(RETRY_MS * 2 ** (p.tries - 1), RETRY_MOST_MS)).unref?.()
  }

  const store = async (clientId: number, reports: readonly Pending[]) => {
    let stored: Awaited<ReturnType<typeof storeStatuses>>
    try {
      stored = await inChatTransaction(services, async (writer) => {
        const stored = await storeStatuses(writer.db, clientId, reports)
        const moved = new Map<number, ChatPayload<"chat:message-status">>()
        for (const p of reports) {
          const result = stored.get(p.externalId)
          if (!result?.changed || moved.has(result.messageId)) continue
          moved.set(result.messageId, {
            conversation_id: result.conversationId,
            message_id: result.messageId,
            status: result.status as MessageStatusUpdate,
          })
        }
        await emitChat(writer, clientId, "chat:message-status", [...moved.values()])
        return stored
      })
    } catch (error) {
      if (!closed) console.error("[chat] delivery reports failed, trying again", error)
      for (const p of reports) later(p)
      return
    }
    for (const p of reports) {
      if (stored.has(p.externalId)) p.done()
      else later(p)
    }
  }

  const flush = async () => {
    timer = null
    busy = true
    try {
      while (waiting.length > 0) {
        const taken = waiting.splice(0, MOST)
        const byClient = new Map<number, Pending[]>()
        for (const p of taken) byClient.set(p.clientId, [...(byClient.get(p.clientId) ?? []), p])
        for (const [clientId, reports] of byClient) await store(clientId, reports)
      }
    } finally {
      busy = false
    }
  }

  const add = (p: Pending) => {
    if (closed) return p.done()
    waiting.push(p)
    if (!busy && !timer) timer = setTimeout(() => void flush(), GATHER_MS)
  }

  return {
    report: (update: { clientId: number; externalId: string; status: MessageStatusUpdate }) =>
      new Promise<void>((resolve) => add({ ...update, tries: 0, done: resolve })),
    /** The server stops: reports still waiting are dropped (as a real channel's would be, unanswered). */
    close: () => {
      closed = true
      if (timer) clearTimeout(timer)
      timer = null
      for (const p of waiting.splice(0)) p.done()
    },
  }
}
