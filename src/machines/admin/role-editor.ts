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

export const ROLE_NAME_MAX = 120

export const CAPACITY_KINDS = ["chat", "sms", "voice"] as const
export type CapacityKind = (typeof CAPACITY_KINDS)[number]
/** The highest cap of each kind a role may set. */
export const CAPACITY_MAX: Readonly<Record<CapacityKind, number>> = { chat: 100, sms: 500, voice: 10 }

export interface RoleDraft {
  readonly name: string
  readonly description: string
  readonly permission_ids: readonly number[]
  /** Each kind's cap as typed; empty: the tenant's. */
  readonly capacity: Readonly<Record<CapacityKind, string>>
}

export type RoleProblem = "nameRequired" | "nameTooLong" | "capacityRange" | "noChange"

export interface RoleRequest {
  readonly name?: string
  readonly description?: string
  readonly permission_ids?: readonly number[]
  readonly capacity?: RoleCapacity
}

const capacityDraftOf = (capacity: RoleCapacity | undefined): RoleDraft["capacity"] => ({
  chat: capacity?.chat === undefined ? "" : String(capacity.chat),
  sms: capacity?.sms === undefined ? "" : String(capacity.sms),
  voice: capacity?.voice === undefined ? "" : String(capacity.voice),
})

/** The draft's capacity as the server takes it; null when a kind is not a whole number within its range. */
export const capacityOf = (draft: RoleDraft["capacity"]): RoleCapacity | null => {
  const out: Record<string, number> = {}
  for (const kind of CAPACITY_KINDS) {
    const text = draft[kind].trim()
    if (text === "") continue
    if (!/^[0-9]{1,3}$/.test(text) || Number(text) > CAPACITY_MAX[kind]) return null
    out[kind] = Number(text)
  }
  return out
}

const sameCapacity = (a: RoleCapacity, b: RoleCapacity | undefined) => CAPACITY_KINDS.every((kind) => a[kind] === b?.[kind])

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
