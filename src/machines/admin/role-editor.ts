/**
 * One role created, renamed, given or taken permissions, or deleted (page actor `role-editor`), on the record editor
 * kit. The permission editor ticks ids in the draft; what the role's users would see is previewed from the draft
 * (access-catalogue.ts) before anything is saved. Saving reaches the role's users' open consoles (acl:changed). The
 * role's capacity per channel kind (a number, or empty: the tenant's cap) is edited with it.
 */
import { Effect } from "effect"
import type { Role, RoleCapacity } from "../../contract/schemas/access"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { type CapacityDraft, capacityDraftOf, capacityOf, sameCapacity } from "./capacity-draft"

export const ROLE_NAME_MAX = 120

export interface RoleDraft {
  readonly name: string
  readonly description: string
  readonly permission_ids: readonly number[]
  /** Each kind's cap as typed; empty: the tenant's. */
  readonly capacity: CapacityDraft
}

export type RoleProblem = "nameRequired" | "nameTooLong" | "capacityRange" | "noChange"

export interface RoleRequest {
  readonly name?: string
  readonly description?: string
  readonly permission_ids?: readonly number[]
  readonly capacity?: RoleCapacity
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((id) => set.has(id))
}

export const roleRequestOf = (
  draft: RoleDraft,
  row: Role | null,
): { readonly problem: RoleProblem } | { readonly request: RoleRequest } => {
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > ROLE_NAME_MAX) return { problem: "nameTooLong" }
  const capacity = capacityOf(draft.capacity)
  if (!capacity) return { problem: "capacityRange" }
  if (!row) return { request: { name, description, permission_ids: [...new Set(draft.permission_ids)], capacity } }
  const request: RoleRequest = {
    ...(name !== row.name ? { name } : {}),
    ...(description !== row.description ? { description } : {}),
    ...(!sameIds(draft.permission_ids, row.permission_ids) ? { permission_ids: [...new Set(draft.permission_ids)] } : {}),
    ...(!sameCapacity(capacity, row.capacity) ? { capacity } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

/** Ticks or unticks permissions in a draft (one key, or a whole section). */
export const togglePermissions = (ids: readonly number[], change: readonly number[], on: boolean): number[] =>
  on ? [...new Set([...ids, ...change])] : ids.filter((id) => !change.includes(id))

export const roleEditorMachine = createRecordEditor<Role, RoleDraft>({
  list: "report-roles",
  blank: () => ({ name: "", description: "", permission_ids: [], capacity: capacityDraftOf(undefined) }),
  draftOf: (row) => ({
    name: row.name,
    description: row.description,
    permission_ids: row.permission_ids,
    capacity: capacityDraftOf(row.capacity),
  }),
  problemOf: (draft, row) => {
    const out = roleRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = roleRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      return row
        ? yield* api.call("roles", "rolesUpdateById", { id: row.id, ...out.request })
        : yield* api.call("roles", "rolesCreate", { name: out.request.name ?? "", ...out.request })
    }),
  remove: (row) => Effect.flatMap(Api, (api) => api.call("roles", "rolesDeleteById", { id: row.id })),
})
