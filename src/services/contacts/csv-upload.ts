/**
 * The upload of a CSV to contacts.addCustomers, an upload call (src/contract/call.ts `Upload`): the import's options
 * in the query string, encoded by the call's schema, and the picked file itself as the `text/csv` body, which the
 * browser streams from disk (no base64, no copy in the page's memory). Credentials, error answers (401 ends the
 * session) and the decoded response are the API client's own (api-client.ts prepareCall / failureOf).
 */
import { Effect, Schema } from "effect"
import { HttpBody, HttpClient, HttpClientRequest } from "effect/http"
import { groupLoaders } from "../../contract/lazy-catalogue"
import type { ContactImportResult, ContactsCsv } from "../../contract/schemas/contacts"
import { type ApiClientServices, failureOf, prepareCall, resolveCall } from "../api/api-client"
import { ApiConfig, urlOf } from "../api/config"
import { type ApiError, DecodeFailure, NetworkFailure } from "../api/errors"
import { queryPairs } from "../api/request-parts"
import type { PickedFile } from "../chat/chat-files"

type PlainCodec = Schema.Codec<unknown, unknown>

export const uploadCsv = (
  file: PickedFile,
  options: typeof ContactsCsv.Type,
): Effect.Effect<typeof ContactImportResult.Type, ApiError, ApiClientServices> =>
  Effect.gen(function* () {
    const config = yield* ApiConfig
    const client = yield* HttpClient.HttpClient
    const call = yield* resolveCall(groupLoaders, "contacts", "addCustomers")
    const contentType = call.upload?.contentType ?? "text/csv"
    const { headers, parts } = yield* prepareCall(call, options)
    const query = parts.body && typeof parts.body === "object" ? queryPairs(parts.body as Record<string, unknown>) : []
    const request = HttpClientRequest.post(urlOf(config, call.base, parts.path), { headers, urlParams: query }).pipe(
      HttpClientRequest.setBody(HttpBody.raw(file, { contentType, contentLength: file.size })),
    )
    const response = yield* client.execute(request).pipe(Effect.mapError((error) => new NetworkFailure({ message: error.message })))
    const text = yield* response.text.pipe(Effect.mapError((error) => new NetworkFailure({ message: error.message })))
    if (response.status < 200 || response.status >= 300) return yield* failureOf(call, response.status, text)
    const decodeFailure = (message: string) => new DecodeFailure({ group: call.group, name: call.name, status: response.status, message })
    const json = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: () => decodeFailure(`Response is not JSON: ${text.slice(0, 200)}`),
    })
    return yield* Schema.decodeUnknownEffect(call.response as unknown as PlainCodec)(json).pipe(
      Effect.map((body) => body as typeof ContactImportResult.Type),
      Effect.mapError((error) => decodeFailure(error.message)),
    )
  })
