/**
 * The chatbots' hook point: after a bot's turn on a customer's message, when the bot did not answer or handed over.
 *   tenant-settings 10: auto-assign may hand the conversation to an agent now.
 */
import { hookPoint } from "../../core/hooks"
import type { JobContext } from "../../core/jobs"

export interface BotTurnEnded {
  readonly ctx: JobContext
  readonly clientId: number
  readonly conversationId: number
  readonly messageId: number
}

export const botTurnEnded = hookPoint<BotTurnEnded>("chatbots.botTurnEnded")
