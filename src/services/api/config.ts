import { Context, Effect, Layer, Option, Schema } from "effect"
import { HttpClient } from "effect/http"
import { Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"

export interface ApiConfigShape {
  /** Base of the API calls: a path on `origin` ("/api") or an absolute URL (another backend). */
  readonly apiBase: string
  /** Base of the socket service: HTTP calls whose path holds /messages/send/ or /chat/update/, and socket.io at `${rtBase}/socket.io`. */
  readonly rtBase: string
  /** Scheme and host the relative bases resolve against: the page's origin in the browser. */
  readonly origin: string
  /** A scope-limited client token for the logged-out pages (forgot/reset password), if the server hands one out. */
  readonly publicClientToken: Option.Option<string>
}

export const DEFAULT_API_BASE = "/api"
export const DEFAULT_RT_BASE = "/rt"

/** The body of GET /console-config.json. */
export const ConsoleConfigBody = Schema.Struct({
  apiBase: Schema.optional(Schema.String),
  rtBase: Schema.optional(Schema.String),
  publicClientToken: Schema.optional(Schema.NullOr(Schema.String)),
})

const browserOrigin = (): string => (typeof window === "undefined" ? "http://127.0.0.1" : window.location.origin)

const trimSlash = (value: string) => value.replace(/\/+$/, "")

/** Absolute URL of `path` under the given base; absolute bases ignore the origin. */
export const urlOf = (config: ApiConfigShape, base: "api" | "socket", path: string): string => {
  const prefix = trimSlash(base === "socket" ? config.rtBase : config.apiBase)
  const root = /^[a-z][a-z0-9+.-]*:\/\//i.test(prefix) ? prefix : `${trimSlash(config.origin)}${prefix}`
  return `${root}${path.startsWith("/") ? path : `/${path}`}`
}

export const makeApiConfig = (
  values: Partial<Omit<ApiConfigShape, "publicClientToken">> & { publicClientToken?: string | null },
): ApiConfigShape => ({
  apiBase: values.apiBase ?? DEFAULT_API_BASE,
  rtBase: values.rtBase ?? DEFAULT_RT_BASE,
  origin: values.origin ?? browserOrigin(),
  publicClientToken: Option.fromNullishOr(values.publicClientToken),
})

/** Reads /console-config.json; a missing or malformed file leaves the defaults, so a static host still works. */
const loadFromServer = (origin: string) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const fallback = makeApiConfig({ origin })
    return yield* client.get(`${trimSlash(origin)}/console-config.json`).pipe(
      Effect.flatMap((response) =>
        response.status === 200 ? response.json : Effect.fail(new Error(`console-config.json answered ${response.status}`)),
      ),
      Effect.flatMap(Schema.decodeUnknownEffect(ConsoleConfigBody)),
      Effect.map((body) =>
        makeApiConfig({
          origin,
          apiBase: body.apiBase,
          rtBase: body.rtBase,
          publicClientToken: body.publicClientToken,
        }),
      ),
      Effect.catchCause((cause) => Effect.logWarning("console-config.json unavailable, using defaults", cause).pipe(Effect.as(fallback))),
    )
  })

export class ApiConfig extends Context.Service<ApiConfig, ApiConfigShape>()("app/ApiConfig") {
  /** Explicit values: tests, or pointing the console at another backend. */
  static readonly layer = (values: Parameters<typeof makeApiConfig>[0] = {}): Layer.Layer<ApiConfig> =>
    Layer.sync(ApiConfig, () => makeApiConfig(values))
  /** GET /console-config.json on `origin` (the page's origin by default). */
  static readonly layerFromServer = (origin?: string): Layer.Layer<ApiConfig, never, HttpClient.HttpClient> =>
    Layer.effect(
      ApiConfig,
      Effect.suspend(() => loadFromServer(origin ?? browserOrigin())),
    )
}

/** Stores the public client token as client_token when none is stored, so logged-out pages can make client-token calls. */
export const ensureClientToken: Effect.Effect<void, never, ApiConfig | Storage> = Effect.gen(function* () {
  const config = yield* ApiConfig
  const storage = yield* Storage
  const stored = yield* storage.get(StorageKeys.clientToken)
  if (Option.isNone(stored) && Option.isSome(config.publicClientToken)) {
    yield* storage.set(StorageKeys.clientToken, config.publicClientToken.value)
  }
})
