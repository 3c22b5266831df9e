import { Effect, Option, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import type { CallDef, Credential } from "../../contract/call"
import { BrowserShell } from "../browser/browser-shell"
import { ApiConfig, urlOf } from "./config"
import { resetSession } from "../browser/session-reset"
import { Storage } from "../browser/storage"
import {
  type ApiError,
  DecodeFailure,
  HttpFailure,
  InvalidRequest,
  MissingPathParam,
  MissingToken,
  NetworkFailure,
  SESSION_EXPIRED_ALERT,
  SESSION_REPLACED_ALERT,
  Unauthorized,
  UnresolvedApi,
} from "./errors"
import { credentialHeader, requestParts, type RequestParts } from "./request-parts"

/** Any catalogue shaped like src/contract/catalogue.ts: group key -> { calls: name -> CallDef }. */
export type AnyCatalogue = { readonly [group: string]: { readonly calls: { readonly [name: string]: CallDef } } }

/**
 * Where `call` finds a catalogue's groups: each group key maps to its definitions or to a loader of them (the console's
 * lazy catalogue, src/contract/lazy-catalogue.ts). The call types come from the catalogue either way.
 */
export type GroupSource<C extends AnyCatalogue> = { readonly [G in keyof C]: C[G] | (() => Promise<C[G]>) }
type AnyGroup = AnyCatalogue[string]

export type GroupOf<C extends AnyCatalogue> = keyof C & string
export type NameOf<C extends AnyCatalogue, G extends GroupOf<C>> = keyof C[G]["calls"] & string
export type RequestOf<C extends AnyCatalogue, G extends GroupOf<C>, N extends NameOf<C, G>> = C[G]["calls"][N]["request"]["Type"]
export type ResponseOf<C extends AnyCatalogue, G extends GroupOf<C>, N extends NameOf<C, G>> = C[G]["calls"][N]["response"]["Type"]

/** Calls one catalogue entry. Group and name are checked at run time too: they may come from data. */
export type CallFn<C extends AnyCatalogue> = <G extends GroupOf<C>, N extends NameOf<C, G>>(
  group: G,
  name: N,
  payload?: RequestOf<C, G, N>,
) => Effect.Effect<ResponseOf<C, G, N>, ApiError>

export type ApiClientServices = ApiConfig | Storage | BrowserShell | HttpClient.HttpClient

// Contract schemas are wire JSON with no service dependencies; the casts only drop Schema.Top's open service types.
type PlainCodec = Schema.Codec<unknown, unknown>

const own = <T>(record: { readonly [key: string]: T }, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined)

const groupIn = (source: GroupSource<AnyCatalogue>, group: string): Effect.Effect<AnyGroup | undefined, NetworkFailure> => {
  const entry = own<AnyGroup | (() => Promise<AnyGroup>)>(source, group)
  if (typeof entry !== "function") return Effect.succeed(entry)
  return Effect.tryPromise({
    try: entry,
    catch: () => new NetworkFailure({ message: `Failed to load the calls of [${group}]` }),
  })
}

/** A call's definition; a lazy group is loaded first. Group and name are checked at run time: they may come from data. */
export const resolveCall = (
  source: GroupSource<AnyCatalogue>,
  group: string,
  name: string,
): Effect.Effect<CallDef, UnresolvedApi | NetworkFailure> =>
  groupIn(source, group).pipe(
    Effect.flatMap((groupDef) => {
      if (!groupDef) return Effect.fail(new UnresolvedApi({ group, message: `Failed to resolve api [${group}]` }))
      const def = own(groupDef.calls, name)
      if (!def) return Effect.fail(new UnresolvedApi({ group, name, message: `Failed to resolve api call [${name}]` }))
      return Effect.succeed(def)
    }),
  )

/** The 401 alert: customer-style calls (client token or API key) read as an expired session, user calls as a replaced one. */
const unauthorizedMessage = (credential: Exclude<Credential, "none">) =>
  credential === "user" ? SESSION_REPLACED_ALERT : SESSION_EXPIRED_ALERT

const errorBodyOf = (text: string): { code?: string; message?: string; field?: string } => {
  try {
    const parsed: unknown = JSON.parse(text)
    const error = typeof parsed === "object" && parsed !== null ? (parsed as { error?: unknown }).error : undefined
    if (typeof error !== "object" || error === null) return {}
    const { code, message, field } = error as Record<string, unknown>
    return {
      code: typeof code === "string" ? code : undefined,
      message: typeof message === "string" ? message : undefined,
      field: typeof field === "string" ? field : undefined,
    }
  } catch {
    return {}
  }
}

/**
 * What a call sends, as every caller of the catalogue sends it (the API client and the streamed export): the stored
 * credential in its header, the payload encoded by the call's schema and split into path, query and body.
 */
export const prepareCall = (
  def: CallDef,
  payload: unknown,
): Effect.Effect<{ headers: Record<string, string>; parts: RequestParts }, ApiError, Storage> =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const headers: Record<string, string> = { accept: "application/json" }
    if (def.credential !== "none") {
      const rule = credentialHeader[def.credential]
      const token = Option.filter(yield* storage.get(rule.storageKey), (value) => value !== "")
      if (Option.isNone(token)) return yield* new MissingToken({ credential: def.credential, message: rule.missing })
      headers[rule.header] = token.value
    }
    const encoded = yield* Schema.encodeUnknownEffect(def.request as unknown as PlainCodec)(payload).pipe(
      Effect.mapError((error) => new InvalidRequest({ group: def.group, name: def.name, message: error.message })),
    )
    const parts = requestParts(def, encoded, payload)
    if ("missing" in parts) {
      return yield* new MissingPathParam({
        group: def.group,
        name: def.name,
        param: parts.missing,
        message: `Missing path parameter [${parts.missing}] for ${def.group}.${def.name}`,
      })
    }
    return { headers, parts }
  })

/**
 * A non-2xx answer as the error it means. A 401 on a credentialed call ends the session first (alert, clear storage,
 * reload), uninterruptibly: once the server said the session is over, stopping the calling actor must not leave it
 * half-reset. A login call (credential none) answering 401 is a wrong password, not an ended session.
 */
export const failureOf = (def: CallDef, status: number, text: string): Effect.Effect<never, ApiError, Storage | BrowserShell> =>
  Effect.gen(function* () {
    const body = errorBodyOf(text)
    if (status === 401 && def.credential !== "none") {
      const message = unauthorizedMessage(def.credential)
      yield* resetSession(message).pipe(Effect.uninterruptible)
      return yield* new Unauthorized({ credential: def.credential, code: body.code ?? "UNAUTHORIZED", message })
    }
    return yield* new HttpFailure({
      status,
      code: body.code ?? `HTTP_${status}`,
      message: body.message ?? (text.slice(0, 500) || `HTTP ${status}`),
      field: body.field,
    })
  })

/** Builds the `call` function over a catalogue (the app's lazy one, or a test's own). */
export const makeCall = <C extends AnyCatalogue>(catalogue: GroupSource<C>): Effect.Effect<CallFn<C>, never, ApiClientServices> =>
  Effect.gen(function* () {
    const config = yield* ApiConfig
    const storage = yield* Storage
    const shell = yield* BrowserShell
    const client = yield* HttpClient.HttpClient
    const withServices = <A, E>(effect: Effect.Effect<A, E, Storage | BrowserShell>) =>
      effect.pipe(Effect.provideService(Storage, storage), Effect.provideService(BrowserShell, shell))

    const callDef = (def: CallDef, payload: unknown): Effect.Effect<unknown, ApiError> =>
      Effect.gen(function* () {
        const { headers, parts } = yield* withServices(prepareCall(def, payload))
        let request = HttpClientRequest.make(def.method)(urlOf(config, def.base, parts.path), {
          headers,
          urlParams: parts.query,
        })
        if (def.method !== "GET") {
          request = yield* HttpClientRequest.bodyJson(request, parts.body).pipe(
            Effect.mapError((error) => new InvalidRequest({ group: def.group, name: def.name, message: String(error.reason ?? error) })),
          )
        }
        const response = yield* client.execute(request).pipe(Effect.mapError((error) => new NetworkFailure({ message: error.message })))
        const text = yield* response.text.pipe(Effect.mapError((error) => new NetworkFailure({ message: error.message })))
        const status = response.status
        if (status < 200 || status >= 300) return yield* withServices(failureOf(def, status, text))
        const decodeFailure = (message: string) => new DecodeFailure({ group: def.group, name: def.name, status, message })
        let json: unknown
        if (text.trim() !== "") {
          try {
            json = JSON.parse(text)
          } catch {
            return yield* decodeFailure(`Response is not JSON: ${text.slice(0, 200)}`)
          }
        }
        return yield* Schema.decodeUnknownEffect(def.response as unknown as PlainCodec)(json).pipe(
          Effect.mapError((error) => decodeFailure(error.message)),
        )
      })

    const call = (group: string, name: string, payload?: unknown): Effect.Effect<unknown, ApiError> =>
      resolveCall(catalogue as GroupSource<AnyCatalogue>, group, name).pipe(Effect.flatMap((def) => callDef(def, payload)))

    return call as CallFn<C>
  })
