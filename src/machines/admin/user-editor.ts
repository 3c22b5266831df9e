/**
 * One user created, edited, enabled or disabled, given a new password, or deleted (page actor `user-editor`), on the
 * record editor kit. The server's 4xx on a field (a taken username, an unknown role, yourself disabled) is shown on
 * that field. A new password set here ends the user's sessions (the server's rule). The voice-call override (follow the
 * role, always, never) is saved with its own call after the user's fields. The user's own caps per channel kind (empty:
 * the role's) are edited with them.
 */
import { Effect } from "effect"
import type { RoleCapacity, User } from "../../contract/schemas/access"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { type CapacityDraft, capacityDraftOf, capacityOf, sameCapacity } from "./capacity-draft"

export const PASSWORD_MIN = 8
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9]{5,16}$/

export interface UserDraft {
  readonly username: string
  readonly email: string
  readonly display_name: string
  readonly phone: string
  readonly role_id: number | null
  /** A new user's password, or a new one for an existing user (empty: unchanged). */
  readonly password: string
  /** The voice-call override: null follows the role, true always, false never. */
  readonly call_permission: boolean | null
  /** The user's own caps as typed; empty: the role's. */
  readonly capacity: CapacityDraft
}

export type UserProblem =
  | "usernameRequired"
  | "nameRequired"
  | "emailInvalid"
  | "phoneInvalid"
  | "passwordRequired"
  | "passwordTooShort"
  | "capacityRange"
  | "noChange"

export interface UserRequest {
  readonly username?: string
  readonly email?: string
  readonly display_name?: string
  readonly phone?: string | null
  readonly role_id?: number | null
  readonly password?: string
  readonly call_permission?: boolean | null
  readonly capacity?: RoleCapacity
}

export const userRequestOf = (
  draft: UserDraft,
  row: User | null,
): { readonly problem: UserProblem } | { readonly request: UserRequest } => {
  const username = draft.username.trim()
  const name = draft.display_name.trim()
  const email = draft.email.trim()
  const phone = draft.phone.trim()
  if (!row && !username) return { problem: "usernameRequired" }
  if (!name) return { problem: "nameRequired" }
  if (!EMAIL.test(email)) return { problem: "emailInvalid" }
  if (phone && !PHONE.test(phone)) return { problem: "phoneInvalid" }
  if (!row && !draft.password) return { problem: "passwordRequired" }
  if (draft.password && draft.password.length < PASSWORD_MIN) return { problem: "passwordTooShort" }
  const capacity = capacityOf(draft.capacity)
  if (!capacity) return { problem: "capacityRange" }
  if (!row)
    return {
      request: {
        username,
        email,
        display_name: name,
        role_id: draft.role_id,
        password: draft.password,
        ...(phone ? { phone } : {}),
        ...(Object.keys(capacity).length ? { capacity } : {}),
      },
    }
  const request: UserRequest = {
    ...(email !== row.email ? { email } : {}),
    ...(name !== row.display_name ? { display_name: name } : {}),
    ...((phone || null) !== row.phone ? { phone: phone || null } : {}),
    ...(draft.role_id !== row.role_id ? { role_id: draft.role_id } : {}),
    ...(draft.password ? { password: draft.password } : {}),
    ...(draft.call_permission !== row.call_permission ? { call_permission: draft.call_permission } : {}),
    ...(!sameCapacity(capacity, row.capacity) ? { capacity } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

const setStatus = (row: User, status: "active" | "disabled") =>
  Effect.flatMap(Api, (api) => api.call("users", "usersUpdatePartialById", { id: row.id, status }))

export const userEditorMachine = createRecordEditor<User, UserDraft, "enable" | "disable">({
  list: "report-users",
  blank: () => ({
    username: "",
    email: "",
    display_name: "",
    phone: "",
    role_id: null,
    password: "",
    call_permission: null,
    capacity: capacityDraftOf(undefined),
  }),
  draftOf: (row) => ({
    username: row.username,
    email: row.email,
    display_name: row.display_name,
    phone: row.phone ?? "",
    role_id: row.role_id,
    password: "",
    call_permission: row.call_permission,
    capacity: capacityDraftOf(row.capacity),
  }),
  problemOf: (draft, row) => {
    const out = userRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = userRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const { call_permission: voice, ...request } = out.request
      // The voice-call override has its own call, and a new user's caps the update's: after the user's fields (a new
      // user needs their id).
      const created = row
        ? null
        : yield* api.call("users", "usersCreate", {
            username: request.username ?? "",
            email: request.email ?? "",
            display_name: request.display_name ?? "",
            password: request.password ?? "",
            role_id: request.role_id ?? null,
            ...(request.phone ? { phone: request.phone } : {}),
          })
      const changes = row ? request : request.capacity ? { capacity: request.capacity } : {}
      const id = row?.id ?? created?.data.user.id
      const saved =
        id !== undefined && Object.keys(changes).length ? yield* api.call("users", "usersUpdatePartialById", { id, ...changes }) : created
      if (voice !== undefined && id !== undefined)
        return yield* api.call("users", "usersCallPermissionUpdate", { user_id: id, enabled: voice })
      return saved
    }),
  remove: (row) => Effect.flatMap(Api, (api) => api.call("users", "usersDeleteById", { id: row.id })),
  actions: { enable: (row) => setStatus(row, "active"), disable: (row) => setStatus(row, "disabled") },
})
