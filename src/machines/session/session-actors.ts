/**
 * The real implementations of the session's and the account pages' actors, as Effects over the app's services
 * (API client, browser storage, browser shell). The machines stay plain; `live*Machine` provide these.
 */
import { Effect, Option, Schema } from "effect"
import type { LoginResponse } from "../../contract/schemas/auth"
import { Api } from "../../services/api/api"
import { BrowserShell } from "../../services/browser/browser-shell"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { fromEffect } from "../common/from-effect"
import { systemActor } from "../system-ids"
import { accountMachine } from "./account-machine"
import { sessionMachine } from "./session-machine"
import type { LoginFailure, LoginResult, StoredSession } from "./session-types"

/** Not one of the shared keys: only the session reads it. */
export const LOCKED_KEY = "locked"

const AclMap = Schema.Record(Schema.String, Schema.Unknown)
const UserData = Schema.Struct({
  id: Schema.Union([Schema.Number, Schema.String]),
  client_id: Schema.Union([Schema.Number, Schema.String]),
})
const StoredUser = Schema.Struct({
  role: Schema.Unknown,
  data: Schema.Record(Schema.String, Schema.Unknown),
  from: Schema.optional(Schema.String),
})

/** Reads what an earlier page (or tab) stored; null unless the token and the access list are both there. */
export const readStoredSession = Effect.gen(function* () {
  const storage = yield* Storage
  const token = yield* storage.get(StorageKeys.userToken)
  const userAcl = yield* storage.getJson(StorageKeys.userAcl, AclMap)
  if (Option.isNone(token) || token.value === "" || Option.isNone(userAcl)) return null
  const backAcl = yield* storage.getJson(StorageKeys.backAcl, AclMap)
  const userData = yield* storage.getJson(StorageKeys.userData, UserData)
  const user = yield* storage.getJson(StorageKeys.user, StoredUser)
  const loginId = yield* storage.get(StorageKeys.loginId)
  const clientToken = yield* storage.get(StorageKeys.clientToken)
  const online = yield* storage.get(StorageKeys.online)
  const locked = yield* storage.get(LOCKED_KEY)
  const session: StoredSession = {
    user_token: token.value,
    client_token: Option.getOrElse(clientToken, () => ""),
    user_acl: userAcl.value,
    back_acl: Option.getOrElse(backAcl, () => ({})),
    user_data: Option.getOrElse(userData, () => ({ id: 0, client_id: 0 })),
    user: Option.getOrElse(user, () => ({ role: [], data: {} })),
    login_id: Option.getOrElse(loginId, () => ""),
    online: Option.getOrElse(online, () => "false") === "true",
    locked: Option.getOrElse(locked, () => "false") === "true",
  }
  return session
})

/** Writes the login answer under the agreed keys (CONTEXT.md). */
export const storeSession = (result: LoginResult, online: boolean) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.set(StorageKeys.userToken, result.user_token)
    yield* storage.set(StorageKeys.clientToken, result.client_token)
    yield* storage.setJson(StorageKeys.userAcl, result.user_acl)
    yield* storage.setJson(StorageKeys.backAcl, result.back_acl)
    yield* storage.setJson(StorageKeys.userData, result.user_data)
    yield* storage.setJson(StorageKeys.user, result.user)
    yield* storage.set(StorageKeys.loginId, String(result.login_id))
    yield* storage.set(StorageKeys.online, String(online))
    yield* storage.remove(LOCKED_KEY)
  })

/** Everything but the language, the layout cache and the folded sidebar groups goes: they belong to the browser. */
export const clearSession = Effect.gen(function* () {
  const storage = yield* Storage
  const keep = [StorageKeys.language, StorageKeys.layout, StorageKeys.navGroups] as const
  const kept = yield* Effect.forEach(keep, (key) => storage.get(key))
  yield* storage.clear
  yield* Effect.forEach(keep, (key, index) => {
    const value = kept[index]
    return Option.isSome(value) ? storage.set(key, value.value) : Effect.void
  })
})

/** A login failure as the machine reads it: 401 is "unauthorized" (401 TOKEN_EXPIRED: "expired"). */
const toFailure = (error: unknown): LoginFailure => {
  const tagged = error as { _tag?: string; status?: number; code?: string; message?: string }
  if (tagged?._tag === "HttpFailure" && tagged.status === 401) {
    return { kind: tagged.code === "TOKEN_EXPIRED" ? "expired" : "unauthorized", message: tagged.message }
  }
  return { kind: "failed", message: typeof tagged?.message === "string" ? tagged.message : String(error) }
}

const loginWith = (effect: Effect.Effect<typeof LoginResponse.Type, unknown>) =>
  effect.pipe(
    Effect.map((body): LoginResult => body),
    Effect.mapError(toFailure),
  )

export const sessionActors = {
  restore: fromEffect(() => readStoredSession),
  login: fromEffect((input: { username: string; password: string }) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* loginWith(api.call("auth", "authUser", input))
    }),
  ),
  tokenLogin: fromEffect((input: { accessToken: string }) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* loginWith(api.call("auth", "authAccessToken", { access_token: input.accessToken }))
    }),
  ),
  persist: fromEffect((input: { result: LoginResult; online: boolean }) => storeSession(input.result, input.online)),
  logout: fromEffect((input: { loginId: string | null }) =>
    Effect.gen(function* () {
      const api = yield* Api
      if (input.loginId) yield* api.call("auth", "logoutByLoginId", { login_id: input.loginId })
    }),
  ),
  clear: fromEffect(() => clearSession),
  setOnline: fromEffect((input: { online: boolean }) =>
    Effect.gen(function* () {
      const api = yield* Api
      const storage = yield* Storage
      yield* input.online ? api.call("auth", "agentOnline", {}) : api.call("auth", "agentOffline", {})
      yield* storage.set(StorageKeys.online, String(input.online))
    }),
  ),
  setLocked: fromEffect((input: { locked: boolean }) =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* input.locked ? storage.set(LOCKED_KEY, "true") : storage.remove(LOCKED_KEY)
    }),
  ),
  reload: fromEffect(() =>
    Effect.gen(function* () {
      const shell = yield* BrowserShell
      yield* shell.reload
    }),
  ),
  /**
   * Cross-tab logout: another tab removing `user_token` (or clearing storage) reaches the session. The listener
   * lives as long as this actor: leaving `loggedIn` interrupts the fiber and the scope removes it.
   */
  watchStorage: fromEffect((_: unknown, { system }) =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* Effect.scoped(
        storage
          .watchExternal((change) => {
            if ((change.key === StorageKeys.userToken || change.key === null) && change.newValue === null) {
              systemActor(system, "session")?.send({ type: "STORAGE.USER_TOKEN_REMOVED" })
            }
          })
          .pipe(Effect.andThen(Effect.never)),
      )
    }),
  ),
}

export const accountActors = {
  sendResetMail: fromEffect((input: { email: string }) =>
    Effect.gen(function* () {
      const api = yield* Api
      yield* api.call("auth", "sendEmail", { email: input.email })
    }),
  ),
  resetPassword: fromEffect((input: { token: string; password: string }) =>
    Effect.gen(function* () {
      const api = yield* Api
      yield* api.call("auth", "passwordReset", input)
    }),
  ),
}

export const liveSessionMachine = sessionMachine.provide({ actors: sessionActors })
export const liveAccountMachine = accountMachine.provide({ actors: accountActors })
