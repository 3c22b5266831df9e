/**
 * The resource/action request helper (spec 001 section 7, spec 000 section 7): three calls the console makes by a
 * `resource/action` key instead of group and name, each with the one value it reads from the answer and whether its
 * failures are ignored silently.
 */
import type { CallName, Catalogue, GroupKey } from "./catalogue"

/** A catalogue call by group and name (the definitions load lazily in the console: src/contract/lazy-catalogue.ts). */
export type CallRef = { readonly [G in GroupKey]: { readonly group: G; readonly name: CallName<G> } }[GroupKey]

export const helperCalls = {
  "conversations/send_text": { group: "chat", name: "messagesSendText" },
  "complain/fetch_report": { group: "complaints", name: "fetchTicketReport" },
  "complain/search_ticket": { group: "complaints", name: "searchComplaint" },
} as const satisfies Record<string, CallRef>

export type HelperCalls = typeof helperCalls
export type HelperKey = keyof HelperCalls
type HelperDef<K extends HelperKey> = HelperCalls[K] extends { readonly group: infer G extends GroupKey; readonly name: infer N }
  ? N extends keyof Catalogue[G]["calls"]
    ? Catalogue[G]["calls"][N]
    : never
  : never
/** What the caller passes (before decoding defaults are applied, e.g. the report's page and limit). */
export type HelperRequest<K extends HelperKey> = HelperDef<K>["request"]["Encoded"]
export type HelperResponse<K extends HelperKey> = HelperDef<K>["response"]["Type"]

/**
 * The read path of each call. The spec writes them from the HTTP client's response object, whose `data` is the
 * body: `data.data.message.messages[0].id` is `body.data.message.messages[0].id`, and so on.
 */
export const helperReads = {
  /** The channel's id of the quick reply just sent; undefined when the channel accepted nothing. */
  "conversations/send_text": (body: HelperResponse<"conversations/send_text">) => body.data.message.messages[0]?.id,
  /** data.data.complaintMetadata: filters, cards and the page of tickets. */
  "complain/fetch_report": (body: HelperResponse<"complain/fetch_report">) => body.data.complaintMetadata,
  /** data.data.list[0]: the ticket the search box opens; undefined when nothing matched. */
  "complain/search_ticket": (body: HelperResponse<"complain/search_ticket">) => body.data.list[0],
} as const satisfies { readonly [K in HelperKey]: (body: HelperResponse<K>) => unknown }

export type HelperRead<K extends HelperKey> = ReturnType<(typeof helperReads)[K]>

/** Reads the value the console uses from a decoded answer of `key`. */
export const readHelper = <K extends HelperKey>(key: K, body: HelperResponse<K>): HelperRead<K> =>
  (helperReads[key] as unknown as (body: HelperResponse<K>) => HelperRead<K>)(body)

/**
 * Report and search failures are ignored silently (spec 000 section 8): the report keeps its last rows and the search
 * box does nothing. A failed quick reply is not silent: the agent must learn the message did not go.
 */
export const silentHelperErrors = {
  "conversations/send_text": false,
  "complain/fetch_report": true,
  "complain/search_ticket": true,
} as const satisfies { readonly [K in HelperKey]: boolean }

export const isSilentHelper = (key: HelperKey): boolean => silentHelperErrors[key]

export type HelperResolution =
  | { readonly _tag: "Found"; readonly key: HelperKey; readonly call: CallRef }
  | { readonly _tag: "UnknownResource"; readonly message: string }
  | { readonly _tag: "UnknownAction"; readonly message: string }

const resources = new Set(Object.keys(helperCalls).map((key) => key.split("/")[0]))

const isHelperKey = (key: string): key is HelperKey => Object.hasOwn(helperCalls, key)

/**
 * Resolves `resource` and `action` to a call, with the spec's messages for an unknown group
 * ('Failed to resolve api [group]') and an unknown call ('Failed to resolve api call [name]').
 */
export const resolveHelper = (resource: string, action: string): HelperResolution => {
  if (!resources.has(resource)) return { _tag: "UnknownResource", message: `Failed to resolve api [${resource}]` }
  const key = `${resource}/${action}`
  if (!isHelperKey(key)) return { _tag: "UnknownAction", message: `Failed to resolve api call [${action}]` }
  return { _tag: "Found", key, call: helperCalls[key] }
}
