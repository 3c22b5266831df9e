/**
 * What each tool of the contact book calls, by what the call needs (contact-calls.test.ts holds each to the contract):
 * kept as plain values so the contact book's chunk does not carry the flags and tagging groups' schemas. The pickers,
 * the bulk actions, the import and the contact's segments are offered only to who may make their calls.
 */
import type { CallNeed } from "../acl/may-call"
import type { BulkKind } from "./bulk-steps"

const tenant = (permission: string): CallNeed => ({ permission, access: "tenant" })

/** Each picker's list: `contacts.groupsList`, `flags.flagClient`, `tagging.tags`, `tagging.segments`, `tagging.labels`. */
export const pickerCalls = {
  groups: tenant("contacts"),
  flags: tenant("flags"),
  tags: tenant("tagging"),
  segments: tenant("tagging"),
  labels: tenant("tagging"),
} as const satisfies Record<string, CallNeed>

/**
 * Each bulk action's call: `contacts.groupContactById`, `flags.flagAssign` / `flagUnassign`, `tagging.tagUpdate`,
 * `contacts.fetchBlockedContacts` (blocking), `contacts.fetchAllContacts` (the export's pages).
 */
export const bulkCalls: Readonly<Record<BulkKind, CallNeed>> = {
  group: tenant("contacts"),
  flag: tenant("flags"),
  unflag: tenant("flags"),
  tag: tenant("tagging"),
  block: tenant("contacts"),
  unblock: tenant("contacts"),
  export: tenant("contacts"),
}

/** `contacts.addCustomers`: the CSV import. */
export const importCall: CallNeed = tenant("contacts")
/** `tagging.fetchCustomerSegment`: a contact's segments in its drawer. */
export const segmentsOfContactCall: CallNeed = tenant("tagging")

/** The contract call behind each entry above, for the test that holds them to it. */
export const contactCallNames = {
  pickers: {
    groups: "contacts.groupsList",
    flags: "flags.flagClient",
    tags: "tagging.tags",
    segments: "tagging.segments",
    labels: "tagging.labels",
  },
  bulk: {
    group: "contacts.groupContactById",
    flag: "flags.flagAssign",
    unflag: "flags.flagUnassign",
    tag: "tagging.tagUpdate",
    block: "contacts.fetchBlockedContacts",
    unblock: "contacts.fetchBlockedContacts",
    export: "contacts.fetchAllContacts",
  },
  import: "contacts.addCustomers",
  segmentsOfContact: "tagging.fetchCustomerSegment",
} as const
