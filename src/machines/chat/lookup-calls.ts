/**
 * What each of the chat's lookups calls, by what the call needs (lookup-calls.test.ts holds each to the contract): a
 * lookup whose call the person may not make is not asked for, and its tool (labels, canned replies …) stays empty.
 */
import type { CallNeed } from "../acl/may-call"

export type LookupKind = "canned" | "templates" | "agents" | "labels"

export const lookupCallNames: Readonly<Record<LookupKind, string>> = {
  canned: "cannedMessages.cannedMessagesByType",
  templates: "templates.getTemplateMessageAgent",
  agents: "chat.listAgentadminlist",
  labels: "tagging.labels",
}

export const lookupCalls: Readonly<Record<LookupKind, CallNeed>> = {
  canned: { permission: "canned_messages", access: "tenant" },
  templates: { permission: "chat", access: "tenant" },
  agents: { permission: "chat", access: "tenant" },
  labels: { permission: "tagging", access: "tenant" },
}
