/**
 * The contact book (`report-contacts`, /apps/contacts/all): contacts newest first, searched by name, number or
 * attribute value, filtered by group, flag, tag, segment, label, blocked and one attribute, paged. The same filter
 * (`contactFilterOf`) is what a bulk action's "all matching" sends, so the action touches exactly what the list shows.
 * The block list (`report-blocklist`, /apps/blocklist) is the same list from its own call.
 * The pickers' choices ride along as the report's meta; a picker whose call fails is empty, the rows still load.
 */
import { Effect } from "effect"
import type { Contact, ContactFilter } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import type { Storage } from "../../services/browser/storage"
import { ifMayCall } from "../acl/may-call"
import { pickerCalls } from "./contact-calls"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export interface ContactListFilters {
  readonly group: string
  readonly flag: string
  readonly tag: string
  readonly segment: string
  readonly label: string
  readonly blocked: "" | "yes" | "no"
  readonly attrKey: string
  readonly attrValue: string
}

export interface Choice {
  readonly id: number
  readonly name: string
  readonly color?: string
}

export type ChoiceKind = keyof typeof pickerCalls
export type ContactChoices = Readonly<Record<ChoiceKind, readonly Choice[]>>

export const noContactFilters = (): ContactListFilters => ({
  group: "",
  flag: "",
  tag: "",
  segment: "",
  label: "",
  blocked: "",
  attrKey: "",
  attrValue: "",
})

const idOf = (value: string): number | undefined => {
  const id = Number(value)
  return value !== "" && Number.isInteger(id) && id > 0 ? id : undefined
}

const KEY = /^[A-Za-z0-9_.-]{1,64}$/

/** The list's filters and search as the contract's filter: only what is set. */
export const contactFilterOf = (f: ContactListFilters, search: string): ContactFilter => {
  const ids = { group_id: idOf(f.group), flag_id: idOf(f.flag), tag_id: idOf(f.tag), segment_id: idOf(f.segment), label_id: idOf(f.label) }
  const key = f.attrKey.trim()
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...Object.fromEntries(Object.entries(ids).filter(([, id]) => id !== undefined)),
    ...(f.blocked === "" ? {} : { blocked: f.blocked === "yes" }),
    ...(KEY.test(key) ? { attribute: { key, ...(f.attrValue.trim() ? { value: f.attrValue.trim() } : {}) } } : {}),
  }
}

const PICK_LIMIT = 1000

/**
 * Every picker's choices; one whose call the person may not make is not asked for (the view draws no such picker),
 * one that fails is just empty.
 */
export const contactChoices: Effect.Effect<ContactChoices, never, Api | Storage> = Effect.gen(function* () {
  const api = yield* Api
  const quiet = <A>(kind: ChoiceKind, load: Effect.Effect<readonly A[], unknown>, pick: (a: A) => Choice) =>
    ifMayCall(
      pickerCalls[kind],
      load.pipe(
        Effect.map((items) => items.map(pick)),
        Effect.catch(() => Effect.succeed([] as readonly Choice[])),
      ),
      [] as readonly Choice[],
    )
  const query = { page: 1, limit: PICK_LIMIT }
  const [groups, flags, tags, segments, labels] = yield* Effect.all(
    [
      quiet(
        "groups",
        Effect.map(api.call("contacts", "groupsList", query), (b) => b.data.items),
        (g) => ({ id: g.id, name: g.name }),
      ),
      quiet(
        "flags",
        Effect.map(api.call("flags", "flagClient", {}), (b) => b.data),
        (f) => ({ id: f.id, name: f.name, color: f.color }),
      ),
      quiet(
        "tags",
        Effect.map(api.call("tagging", "tags", query), (b) => b.data.items),
        (t) => ({ id: t.id, name: t.name }),
      ),
      quiet(
        "segments",
        Effect.map(api.call("tagging", "segments", query), (b) => b.data.items),
        (s) => ({ id: s.id, name: s.name }),
      ),
      quiet(
        "labels",
        Effect.map(api.call("tagging", "labels", query), (b) => b.data.items),
        (l) => ({ id: l.id, name: l.name, color: l.color }),
      ),
    ],
    { concurrency: 5 },
  )
  return { groups, flags, tags, segments, labels }
})

/** The contact book, or the block list (the same list of the blocked, from its own call). */
export const contactsConfig = (name: "contacts" | "blocklist"): ReportConfig<Contact, ContactListFilters, ContactChoices> => ({
  name,
  pageBase: 1,
  defaultFilters: noContactFilters,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const [body, choices] = yield* Effect.all(
        [
          api.call("contacts", name === "blocklist" ? "fetchBlockedContacts" : "fetchAllContacts", {
            page: query.page,
            limit: query.pageSize,
            ...contactFilterOf(query.filters, query.search),
          }),
          contactChoices,
        ],
        { concurrency: 2 },
      )
      return pageOf<Contact, ContactChoices>(body, choices)
    }),
})

export const contactsMachine = createReportMachine(contactsConfig("contacts"))
export const blocklistMachine = createReportMachine(contactsConfig("blocklist"))
