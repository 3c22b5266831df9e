/**
 * What the agent is told after a move on a conversation (a toast): done, with the ticket or the colleague it names,
 * or failed with the failure. Marking the chat read is silent either way.
 */
import type { Failure } from "../common/failure"
import type { ActionResult, ChatAction } from "./chat-actors"

export type ActionNotice =
  | {
      readonly kind: "done"
      readonly op: ChatAction["op"]
      readonly id: number
      readonly ticket?: string
      readonly name?: string
    }
  | { readonly kind: "failed"; readonly op: ChatAction["op"]; readonly id: number; readonly failure: Failure }

/** The notice after `action` ended (`id` tells two equal notices apart); `previous` stays when there is nothing to say. */
export const noticeOf = (
  action: ChatAction | null,
  outcome: { readonly result: ActionResult } | { readonly failure: Failure },
  id: number,
  previous: ActionNotice | null,
): ActionNotice | null => {
  if (!action || action.op === "read") return previous
  if ("failure" in outcome) return { kind: "failed", op: action.op, id, failure: outcome.failure }
  return {
    kind: "done",
    op: action.op,
    id,
    ticket: outcome.result.ticket,
    name: action.op === "transfer" ? action.agentName : undefined,
  }
}
