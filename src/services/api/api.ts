import { Context, Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import type { Catalogue } from "../../contract/catalogue"
import { groupLoaders } from "../../contract/lazy-catalogue"
import { BrowserShell, type RecordingShell } from "../browser/browser-shell"
import { ApiConfig, type makeApiConfig } from "./config"
import { type MemoryStorage, Storage } from "../browser/storage"
import { type ApiClientServices, type CallFn, makeCall } from "./api-client"
import { makeRequest, type RequestFn } from "./helper-request"

export interface ApiShape {
  /** One catalogue call: request Type in, decoded response Type out, failures as typed ApiError. */
  readonly call: CallFn<Catalogue>
  /** The resource/action helper: conversations/send_text, complain/fetch_report, complain/search_ticket. */
  readonly request: RequestFn
}

export const makeApi: Effect.Effect<ApiShape, never, ApiClientServices> = Effect.gen(function* () {
  const call = yield* makeCall<Catalogue>(groupLoaders)
  return { call, request: makeRequest(call) }
})

export class Api extends Context.Service<Api, ApiShape>()("app/Api") {
  /** Needs its collaborators; see ApiLive and apiTestLayer for complete compositions. */
  static readonly layer: Layer.Layer<Api, never, ApiClientServices> = Layer.effect(Api, makeApi)
}

/**
 * fetch, without the b3/traceparent headers Effect adds by default: they would make every cross-origin call
 * (apiBase pointing at another backend) need a CORS preflight that allows them.
 */
export const HttpLive: Layer.Layer<HttpClient.HttpClient> = Layer.mergeAll(
  FetchHttpClient.layer,
  Layer.succeed(HttpClient.TracerPropagationEnabled, false),
)

/** Everything the API client stands on in the browser: fetch, /console-config.json, localStorage, alert/reload. */
export const ApiLive: Layer.Layer<Api | ApiConfig | Storage | BrowserShell | HttpClient.HttpClient> = Api.layer.pipe(
  Layer.provideMerge(ApiConfig.layerFromServer()),
  Layer.provideMerge(Layer.mergeAll(Storage.layerBrowser, BrowserShell.layerBrowser, HttpLive)),
)

/** The same client over memory storage, a recording shell and explicit bases (tests, or another backend). */
export const apiTestLayer = (options: {
  readonly config: Parameters<typeof makeApiConfig>[0]
  readonly storage: MemoryStorage
  readonly shell: RecordingShell
}): Layer.Layer<Api | ApiConfig | Storage | BrowserShell | HttpClient.HttpClient> =>
  Api.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(ApiConfig.layer(options.config), Storage.layerFrom(options.storage), BrowserShell.layerFrom(options.shell), HttpLive),
    ),
  )
