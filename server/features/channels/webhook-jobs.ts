/**
 * The Meta webhooks' processing, from THE job queue: the webhook route verified the signature and stored the raw body
 * as a `channels.webhook` job; here it is read (whatsapp-cloud/webhook-events.ts, meta/messenger-events.ts) and every
 * event is routed to the tenant's own account with that phone number id or page id, in the job's transaction.
 */
import type { Channel } from "../../../src/contract/schemas/common"
import { pageEvents } from "../../channels/meta/messenger-events"
import { reasonOf } from "../../channels/meta/graph-errors"
import { isBsuid } from "../../channels/whatsapp-cloud/cloud-api"
import { whatsappEvents } from "../../channels/whatsapp-cloud/webhook-events"
import type { Job, JobContext, JobHandler } from "../../core/jobs"
import { type AccountRow, type MetaChannel, routedAccount } from "./accounts"
import { metaCallEvent } from "./meta-calls"
import { changeNumber, whatsappNumberOf } from "./customer-numbers"
import { echoJobHandler, enqueueEcho, storeEcho } from "./echoes"
import { lookUpNameOnce } from "./profile-names"
import { applyReaction, applyReadUpTo, applyStatus, applyWatermark, receiveMessage, STATUS_JOB, type StatusReport } from "./inbound"

export const WEBHOOK_JOB = "channels.webhook"

/** How a WhatsApp customer is named in words: their number with its plus, or their business-scoped user id. */
const customerOf = (recipient: string) => (isBsuid(recipient) ? recipient : `+${recipient}`)

const ignore = (clientId: number, reason: string) => console.info(`[channels] tenant ${clientId}: ignored ${reason}`)

const whatsapp = async (ctx: JobContext, clientId: number, body: unknown) => {
  const routed = new Map<string, AccountRow | null>()
  const ours = async (phoneNumberId: string) => {
    let known = routed.get(phoneNumberId)
    if (known === undefined) {
      known = await routedAccount(ctx.db, clientId, "whatsapp", phoneNumberId)
      routed.set(phoneNumberId, known)
    }
    return known
  }
  for (const event of whatsappEvents(body)) {
    if (event.kind === "ignored") {
      ignore(clientId, event.reason)
      continue
    }
    const account = await ours(event.phoneNumberId)
    if (!account) {
      ignore(clientId, `an event for phone number id ${event.phoneNumberId}, not connected to this tenant`)
      continue
    }
    if (event.kind === "message") {
      const number = await whatsappNumberOf(ctx, clientId, event.from ? `+${event.from}` : "", event.userId, event.name)
      await receiveMessage(ctx, clientId, "whatsapp", { ...event, number })
    } else if (event.kind === "echo") await storeEcho(ctx, clientId, "whatsapp", { ...event, to: `+${event.to}` })
    else if (event.kind === "number-changed") await changeNumber(ctx, clientId, `+${event.from}`, `+${event.to}`)
    else if (event.kind === "status")
      await applyStatus(ctx, clientId, {
        externalId: event.id,
        status: event.status,
        reason: event.error ? reasonOf(event.error.code, event.error.message, customerOf(event.recipient)) : null,
      })
    else if (event.kind === "reaction") await applyReaction(ctx, clientId, event.messageId, event.emoji, `+${event.from}`)
    else metaCallEvent(ctx, account, event)
  }
}

const pages = async (ctx: JobContext, clientId: number, body: unknown) => {
  const { channel, events } = pageEvents(body)
  for (const event of events) {
    if (event.kind === "ignored" || !channel) {
      ignore(clientId, event.kind === "ignored" ? event.reason : "an unknown object")
      continue
    }
    if (!(await routedAccount(ctx.db, clientId, channel satisfies MetaChannel, event.accountId))) {
      ignore(clientId, `an event for ${channel} account ${event.accountId}, not connected to this tenant`)
      continue
    }
    if (event.kind === "message") {
      if ((await receiveMessage(ctx, clientId, channel satisfies Channel, { ...event, number: event.from })) === "stored")
        await lookUpNameOnce(ctx.db, clientId, { channel, accountId: event.accountId, customer: event.from })
    } else if (event.kind === "echo") await enqueueEcho(ctx, clientId, channel, event)
    else if (event.kind === "reaction") await applyReaction(ctx, clientId, event.messageId, event.emoji, event.from)
    else if (event.upTo) await applyReadUpTo(ctx, clientId, channel, event.customer, event.upTo)
    else if (event.until) await applyWatermark(ctx, clientId, channel, event.customer, event.status, event.until)
    else for (const id of event.ids) await applyStatus(ctx, clientId, { externalId: id, status: event.status, reason: null }, false)
  }
}

export const jobHandlers: readonly JobHandler[] = [
  echoJobHandler,
  {
    kind: WEBHOOK_JOB,
    run: async (job: Job, ctx: JobContext) => {
      if (job.clientId === null) return
      const body = JSON.parse(String(job.payload.body)) as { object?: unknown }
      if (body.object === "whatsapp_business_account") await whatsapp(ctx, job.clientId, body)
      else await pages(ctx, job.clientId, body)
    },
  },
  {
    kind: STATUS_JOB,
    run: async (job: Job, ctx: JobContext) => {
      if (job.clientId === null) return
      if (!(await applyStatus(ctx, job.clientId, job.payload as unknown as StatusReport, false)))
        throw new Error(`No message ${String(job.payload.externalId)} yet`)
    },
  },
]
