/**
 * A bulk action split into steps the bulk machine runs one after another (so its progress bar moves and a failure
 * stops at a known place): a selection goes in batches of 1000 numbers (the contract's cap), "all matching" is one
 * call with the filter, except the export, which pages through the matching contacts 1000 at a time.
 */
import { Effect } from "effect"
import type { Contact, ContactFilter, ContactTarget } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { csvFile } from "../../contract/csv"

export const BATCH = 1000

export type BulkKind = "group" | "flag" | "unflag" | "tag" | "block" | "unblock" | "export"

/** Kinds that need a target picked (which group, flag or tag). */
export const NEEDS_TARGET: ReadonlySet<BulkKind> = new Set(["group", "flag", "unflag", "tag"])

export type BulkScope =
  | { readonly kind: "selection"; readonly numbers: readonly string[] }
  | { readonly kind: "filter"; readonly filter: ContactFilter; readonly total: number }

export interface StepInput {
  readonly kind: BulkKind
  readonly targetId: number | null
  readonly scope: BulkScope
  readonly index: number
}

export interface StepOutput {
  readonly matched: number
  /** What the server says it changed; null where its answer does not say (groups, block list). */
  readonly changed: number | null
  readonly rows: readonly Contact[]
}

export const stepCount = (kind: BulkKind, scope: BulkScope): number =>
  scope.kind === "selection"
    ? kind === "export"
      ? 1
      : Math.max(1, Math.ceil(scope.numbers.length / BATCH))
    : kind === "export"
      ? Math.max(1, Math.ceil(scope.total / BATCH))
      : 1

/** How many contacts the action is about (what the confirmation names). */
export const scopeSize = (scope: BulkScope): number => (scope.kind === "selection" ? scope.numbers.length : scope.total)

const targetOf = (scope: BulkScope, index: number): ContactTarget =>
  scope.kind === "selection" ? { numbers: scope.numbers.slice(index * BATCH, (index + 1) * BATCH) } : { filter: scope.filter }

const sizeOf = (target: ContactTarget, scope: BulkScope) => target.numbers?.length ?? scopeSize(scope)

export const runStep = ({ kind, targetId, scope, index }: StepInput): Effect.Effect<StepOutput, unknown, Api> =>
  Effect.gen(function* () {
    const api = yield* Api
    const target = targetOf(scope, index)
    const id = targetId ?? 0
    switch (kind) {
      case "flag":
      case "unflag": {
        const body = yield* api.call("flags", kind === "flag" ? "flagAssign" : "flagUnassign", { flag_id: id, ...target })
        return { ...body.data, rows: [] }
      }
      case "tag": {
        const body = yield* api.call("tagging", "tagUpdate", { id, add: target })
        return { matched: body.data.bulk?.matched ?? sizeOf(target, scope), changed: body.data.bulk?.changed ?? null, rows: [] }
      }
      case "group": {
        yield* api.call("contacts", "groupContactById", { id, add: target })
        return { matched: sizeOf(target, scope), changed: null, rows: [] }
      }
      case "block":
      case "unblock": {
        const blocked = kind === "block"
        yield* api.call("contacts", "fetchBlockedContacts", { page: 1, limit: 1, block: { target, blocked } })
        return { matched: sizeOf(target, scope), changed: null, rows: [] }
      }
      case "export": {
        if (scope.kind === "selection") return { matched: scope.numbers.length, changed: null, rows: [] }
        const body = yield* api.call("contacts", "fetchAllContacts", { page: index + 1, limit: BATCH, ...scope.filter })
        return { matched: body.data.items.length, changed: null, rows: body.data.items }
      }
    }
  })

/** The contacts as a CSV: the fixed columns, then every attribute any of them has. */
export const contactsCsv = (rows: readonly Contact[]): string => {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.attributes ?? {})))].sort()
  return csvFile(
    ["number", "name", "email", "channel", "blocked", "created_at", ...keys],
    rows.map((row) => [
      row.number,
      row.name ?? "",
      row.email ?? "",
      row.channel_type,
      row.blocked ? "yes" : "no",
      row.created_at,
      ...keys.map((key) => {
        const value = (row.attributes as Record<string, unknown>)[key]
        return value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value)
      }),
    ]),
  )
}
