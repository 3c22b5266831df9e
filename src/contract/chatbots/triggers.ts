/**
 * Which bot a customer's message starts, when no bot is already talking with them. A button payload wins, then
 * keywords (exact, contains, regex), then a shared location, then the first message of a conversation, then "outside working hours".
 * Among bots of the same kind, the lowest id (the oldest) wins, so the choice is stable.
 */
import type { Channel } from "../schemas/common"
import type { BotTrigger, BotTriggerType } from "../schemas/chatbots"
import { regexMatches } from "./regex-guard"

export interface TriggerBot {
  readonly id: number
  readonly trigger: BotTrigger
  readonly channel_type: Channel
  readonly active: boolean
}

export interface Inbound {
  readonly text: string
  readonly payload?: string
  readonly channel: Channel
  readonly firstMessage: boolean
  readonly inHours: boolean
  /** The message shares a location. */
  readonly location?: boolean
}

const ORDER: readonly BotTriggerType[] = ["button", "keyword", "location", "first_message", "outside_hours"]

export const triggerFires = (trigger: BotTrigger, inbound: Inbound): boolean => {
  const text = inbound.text.trim().toLocaleLowerCase()
  switch (trigger.type) {
    case "button":
      return inbound.payload !== undefined && inbound.payload === trigger.payload
    case "keyword":
      return trigger.keywords.some((k) => {
        if (trigger.match === "regex") return regexMatches(k, inbound.text)
        const word = k.trim().toLocaleLowerCase()
        return trigger.match === "exact" ? text === word : text.includes(word)
      })
    case "location":
      return inbound.location === true
    case "first_message":
      return inbound.firstMessage
    case "outside_hours":
      return !inbound.inHours
  }
}

/** The bot `inbound` starts, or null. */
export const pickBot = <B extends TriggerBot>(bots: readonly B[], inbound: Inbound): B | null => {
  const live = bots.filter((b) => b.active && b.channel_type === inbound.channel).sort((a, b) => a.id - b.id)
  for (const type of ORDER) {
    const hit = live.find((b) => b.trigger.type === type && triggerFires(b.trigger, inbound))
    if (hit) return hit
  }
  return null
}
