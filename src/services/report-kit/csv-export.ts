/**
 * A CSV export streamed from one catalogue call: the response body is read as it arrives, the array of rows inside
 * it is parsed incrementally (json-array-stream), each row becomes a CSV line at once, and the lines are handed to
 * the browser's blob store a mebibyte at a time. The page never holds the response, the rows or the whole CSV: the
 * 999,999-row call-history export (430 MiB of JSON) used to take 1.7 GiB of heap when read in one piece.
 *
 * The request goes out exactly as the API client sends it (credential header, encoded payload, path parameters) and
 * failures are the same ApiErrors, a 401 included (the session reset runs). The caller gives the row formatting, so
 * this stays a service (no report rules here) and the report machine stays free of network and Blob work.
 * `downloadCsvFile` is the same request for a call whose server writes the CSV itself (the Call History export).
 */
import { Effect } from "effect"
import type { Catalogue } from "../../contract/catalogue"
import { groupLoaders } from "../../contract/lazy-catalogue"
import type { CallDef } from "../../contract/call"
import { ApiConfig, urlOf } from "../api/config"
import type { ApiClientServices, GroupOf, NameOf, RequestOf } from "../api/api-client"
import { failureOf, prepareCall, resolveCall } from "../api/api-client"
import { type ApiError, DecodeFailure, NetworkFailure } from "../api/errors"

export interface CsvExportSpec<G extends GroupOf<Catalogue>, N extends NameOf<Catalogue, G>> {
  readonly group: G
  readonly name: N
  readonly payload: RequestOf<Catalogue, G, N>
  /** Object keys from the body's root to the array of rows, e.g. `["whatsappCalls", "whatsappCalls"]`. */
  readonly rowsAt: readonly string[]
  /** The CSV's first line, without the line break. */
  readonly header: string
  /** One row as a CSV line without the line break; throws when the row is not what the call's schema says. */
  readonly lineOf: (row: unknown) => string
  readonly mime: string
}

export interface CsvExport {
  /** The file: a Blob made of ~1 MiB Blobs, so no single string ever holds the CSV. */
  readonly content: Blob
  readonly rows: number
}

/** The request exactly as the API client sends it: URL, method, credential header and encoded payload. */
const requestOf = <G extends GroupOf<Catalogue>, N extends NameOf<Catalogue, G>>(group: G, name: N, payload: RequestOf<Catalogue, G, N>) =>
  Effect.gen(function* () {
    const def: CallDef = yield* resolveCall(groupLoaders, group, name)
    const config = yield* ApiConfig
    const { headers, parts } = yield* prepareCall(def, payload)
    const url =
      urlOf(config, def.base, parts.path) + (parts.query.length ? `?${new URLSearchParams(parts.query as [string, string][])}` : "")
    const init: RequestInit =
      def.method === "GET"
        ? { method: def.method, headers }
        : {
            method: def.method,
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(parts.body),
          }
    return { def, url, init }
  })

export interface CsvFileSpec<G extends GroupOf<Catalogue>, N extends NameOf<Catalogue, G>> {
  readonly group: G
  readonly name: N
  /** A request the server answers with the CSV file itself. */
  readonly payload: RequestOf<Catalogue, G, N>
  readonly mime: string
}

/**
 * A CSV file the server writes whole (header and rows): the body goes straight into the browser's blob store as it
 * arrives, so the page holds none of it. Failures are the API client's errors, a 401 included (the session reset runs).
 */
export const downloadCsvFile = <G extends GroupOf<Catalogue>, N extends NameOf<Catalogue, G>>(
  spec: CsvFileSpec<G, N>,
): Effect.Effect<Blob, ApiError, ApiClientServices> =>
  Effect.gen(function* () {
    const { def, url, init } = yield* requestOf(spec.group, spec.name, spec.payload)
    const outcome = yield* Effect.tryPromise({
      try: async (signal) => {
        const response = await fetch(url, { ...init, signal })
        if (response.status < 200 || response.status >= 300)
          return { ok: false as const, status: response.status, text: await response.text() }
        return { ok: true as const, blob: await response.blob() }
      },
      catch: (error) => new NetworkFailure({ message: error instanceof Error ? error.message : String(error) }),
    })
    if (!outcome.ok) return yield* failureOf(def, outcome.status, outcome.text)
    return new Blob([outcome.blob], { type: spec.mime })
  })

export const streamCsvExport = <G extends GroupOf<Catalogue>, N extends NameOf<Catalogue, G>>(
  spec: CsvExportSpec<G, N>,
): Effect.Effect<CsvExport, ApiError, ApiClientServices> =>
  Effect.gen(function* () {
    const { def, url, init } = yield* requestOf(spec.group, spec.name, spec.payload)
    const { blobSink, ParseFailure, readExport } = yield* Effect.promise(() => import("./csv-export-read"))
    const sink = blobSink(spec.header)
    const outcome = yield* Effect.tryPromise({
      try: (signal) => readExport(url, { ...init, signal }, spec, sink),
      catch: (error) =>
        error instanceof ParseFailure ? error : new NetworkFailure({ message: error instanceof Error ? error.message : String(error) }),
    }).pipe(
      Effect.catchIf(
        (error): error is InstanceType<typeof ParseFailure> => error instanceof ParseFailure,
        (error) => Effect.fail(new DecodeFailure({ group: def.group, name: def.name, status: error.status, message: error.message })),
      ),
    )
    if ("text" in outcome) return yield* failureOf(def, outcome.status, outcome.text)
    const result = outcome.result
    if (!result.found)
      return yield* new DecodeFailure({
        group: def.group,
        name: def.name,
        status: 200,
        message: `no array at ${spec.rowsAt.join(".")}`,
      })
    return { content: sink.blob(spec.mime), rows: result.items }
  })
