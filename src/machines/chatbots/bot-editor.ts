/**
 * One bot created or changed (page actors `chatbot-editor` for the tenant's bots, `away-editor` for the caller's away
 * message), on the record editor kit. The draft is checked as it changes by the flow rules the server applies
 * (src/contract/chatbots/flow-rules.ts): the first problem stops a save, and the view lists them all.
 */
import { Effect } from "effect"
import { flowProblems } from "../../contract/chatbots/flow-rules"
import type { AutoReply, BotFlow, BotTrigger } from "../../contract/schemas/chatbots"
import type { Channel } from "../../contract/schemas/common"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { starterFlow } from "./flow-edit"

export interface BotDraft {
  readonly name: string
  readonly channel_type: Channel
  readonly trigger: BotTrigger
  readonly flow: BotFlow
  readonly active: boolean
}

export type BotProblem = "nameRequired" | "keywordsRequired" | "flowInvalid"

export const botProblemOf = (draft: BotDraft, self: boolean): BotProblem | null => {
  if (!draft.name.trim()) return "nameRequired"
  if (draft.trigger.type === "keyword" && draft.trigger.keywords.every((k) => !k.trim())) return "keywordsRequired"
  return flowProblems(draft.flow, draft.trigger, self).length ? "flowInvalid" : null
}

const requestOf = (draft: BotDraft) => ({
  name: draft.name.trim(),
  channel_type: draft.channel_type,
  trigger:
    draft.trigger.type === "keyword"
      ? { ...draft.trigger, keywords: draft.trigger.keywords.map((k) => k.trim()).filter(Boolean) }
      : draft.trigger,
  flow: draft.flow,
  active: draft.active,
})

const switchTo = (self: boolean, row: AutoReply, active: boolean) =>
  Effect.gen(function* () {
    const api = yield* Api
    return yield* api.call("chatbots", self ? "updateAttributeSelfAutoreply" : "updateAttributeAutoreply", { id: row.id, active })
  })

export const botEditorMachine = (self: boolean) =>
  createRecordEditor<AutoReply, BotDraft, "enable" | "disable">({
    list: self ? "report-away-messages" : "report-chatbots",
    blank: () => ({
      name: "",
      channel_type: "whatsapp",
      trigger: self ? { type: "first_message" } : { type: "keyword", match: "contains", keywords: [""] },
      flow: starterFlow(self ? "I am away at the moment; a colleague or I will answer soon." : "Hello! How can we help?"),
      active: true,
    }),
    draftOf: (row) => ({ name: row.name, channel_type: row.channel_type, trigger: row.trigger, flow: row.flow, active: row.active }),
    problemOf: (draft) => botProblemOf(draft, self),
    save: (draft, row) =>
      Effect.gen(function* () {
        const api = yield* Api
        const request = requestOf(draft)
        if (self)
          return row
            ? yield* api.call("chatbots", "updateSelfAutoreply", { id: row.id, ...request })
            : yield* api.call("chatbots", "createSelfAutoreply", request)
        return row
          ? yield* api.call("chatbots", "updateAutoreply", { id: row.id, ...request })
          : yield* api.call("chatbots", "createAutoreply", request)
      }),
    // Bots are switched off rather than deleted (the calls have no delete): their report rows keep their name.
    remove: (row) => switchTo(self, row, false),
    actions: { enable: (row) => switchTo(self, row, true), disable: (row) => switchTo(self, row, false) },
  })

export const chatbotEditorMachine = botEditorMachine(false)
export const awayEditorMachine = botEditorMachine(true)
