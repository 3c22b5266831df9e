/**
 * A bot's message is stored in the thread like an agent's (marked `sender_kind = 'bot'`, leaving the conversation in
 * the queue) but `queued`: the channel gets it only after the turn committed (chat/outbox.ts).
 * Choices go as WhatsApp's reply buttons or list; media as the file with the text as its caption.
 */
import type { OutgoingMessage } from "../../../src/contract/chatbots/commerce-replies"
import type { BotOutput } from "../../../src/contract/chatbots/flow-step"
import type { Channel } from "../../../src/contract/schemas/common"
import type { JobContext } from "../../core/jobs"
import { emitChat, storeOutbound, loadConversation, loadMessage, type OpenConversation } from "../chat"

type Say = Extract<BotOutput, { type: "say" }>

export interface BotTarget {
  readonly clientId: number
  readonly conversation: OpenConversation
  readonly channel: Channel
  readonly number: string
}

/** The message a `say` output becomes: its type, body and payload as the chat stores them. */
export const outgoingOf = (say: Say): OutgoingMessage => {
  if (say.choices?.length)
    return {
      type: "interactive",
      body: say.text,
      payload: {
        header_type: say.media?.type ?? null,
        header_value: say.media?.link ?? null,
        body: say.text,
        footer: null,
        type: say.style === "list" ? "list" : "button",
        actions_list: { buttons: say.choices.map((title) => ({ title })) },
      },
    }
  if (say.media) return { type: say.media.type, body: say.text, payload: { link: say.media.link, caption: say.text } }
  return { type: "text", body: say.text, payload: {} }
}

/**
 * Stores a bot's message as `queued` in the turn's transaction and shows it in the agents' thread after the commit;
 * the chat outbox (chat/outbox.ts) hands it to the channel once the turn committed. Answers the message's id.
 */
export const queueAsBot = (ctx: JobContext, target: BotTarget, say: Say): Promise<number> => queueMessageAsBot(ctx, target, outgoingOf(say))

/** Any message of the bot (a `say`, or a commerce action's list): stored `queued`, shown after the commit. */
export const queueMessageAsBot = async (ctx: JobContext, target: BotTarget, out: OutgoingMessage): Promise<number> => {
  const messageId = await storeOutbound(ctx.db, target.clientId, {
    conversation: target.conversation,
    ...out,
    senderUserId: null,
    externalId: null,
    senderKind: "bot",
    status: "queued",
  })
  const links = { config: ctx.services.config, origin: "" }
  const [conversation, message] = await Promise.all([
    loadConversation(ctx.db, target.clientId, target.conversation.id),
    loadMessage(ctx.db, target.clientId, messageId, links),
  ])
  if (message) await emitChat(ctx, target.clientId, "chat:message", { conversation, message })
  return messageId
}
