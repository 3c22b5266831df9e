/**
 * The templates' part in the chat (chat/hooks.ts): the opt-out words, the refund of a failed template message, and
 * template messages sent from the composer or the API (`/messages/send/template`) through the templates' one send path
 * (approval, opt-out, limits, cost), to every number or none.
 */
import type { SendAny, SendResult } from "../../../src/contract/schemas/chat"
import { answerAfterCommit } from "../../core/after-commit"
import type { Ctx } from "../../http/context"
import { chatWriterOf, handOverNow, handOverRefused, inboundStored, sendAnswer, sendKinds, statusesReported } from "../chat"
import { optOutIfAsked } from "./opt-out"
import { templateSendByName } from "./send-by-name"
import { refundFailedTemplates } from "./template-refund"
import { sendTemplateToAll } from "./template-send"

const sendTemplate = async (ctx: Ctx, clientId: number, input: SendAny): Promise<SendResult> => {
  const { to, message } = (input as Extract<SendAny, { type: "template" }>).template
  const who = { userId: ctx.principal.userId }
  const sends = []
  for (const number of new Set(to)) sends.push(await templateSendByName(ctx.db, clientId, message, number, who))
  const messageIds = (await sendTemplateToAll(chatWriterOf(ctx), sends, { answered: true })).map((sent) => sent.messageId)
  return answerAfterCommit(async () => sendAnswer(await handOverNow(ctx.services, clientId, messageIds)))
}

export const hooks = [
  inboundStored.on("templates", 10, async (m) => {
    if (m.message.type === "text") await optOutIfAsked(m.db, m.clientId, m.contact.number, m.message.body)
  }),
  statusesReported.on("templates", 20, async (r) => {
    const failed = r.changed.filter((c) => c.status === "failed").map((c) => c.messageId)
    await refundFailedTemplates(r.db, r.clientId, failed)
  }),
  handOverRefused.on("templates", 20, async (r) => {
    await refundFailedTemplates(r.db, r.clientId, r.messageIds)
  }),
  sendKinds.provide("templates", "template", sendTemplate),
]
