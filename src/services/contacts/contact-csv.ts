/**
 * The import wizard's file work as an Effect service: inspecting a picked CSV (header, preview, row count, or why it
 * cannot be imported) in a web worker, and uploading it as the raw `text/csv` body of /add/customers (csv-upload.ts).
 * Views may not read files and machines may not touch workers: the wizard's actor hands the browser's File here.
 * Where no Worker exists (Node tests) the same inspection runs inline.
 */
import { Context, Effect, Layer } from "effect"
import { CONTACTS_CSV_MAX_BYTES } from "../../contract/contacts-csv-limits"
import type { ContactImportResult, ContactsCsv } from "../../contract/schemas/contacts"
import type { ApiClientServices } from "../api/api-client"
import type { ApiError } from "../api/errors"
import { FileReadError, type PickedFile } from "../chat/chat-files"
import type { CsvInspection } from "./csv-inspect"
import { uploadCsv } from "./csv-upload"
import type { CsvWorkerRequest } from "./csv-worker"

export interface ContactCsvShape {
  readonly inspect: (file: PickedFile) => Effect.Effect<CsvInspection, FileReadError>
  /** Imports the file (streamed as the request body) with these options; the server's answer accounts for every row. */
  readonly upload: (file: PickedFile, options: typeof ContactsCsv.Type) => Effect.Effect<typeof ContactImportResult.Type, ApiError>
}

const readError = (file: PickedFile, error: unknown) =>
  new FileReadError({ name: file.name, message: error instanceof Error ? error.message : String(error) })

/** Without workers (tests): papaparse is loaded only now, so it stays out of the login bundle. */
const inspectInline = (file: PickedFile) =>
  Effect.tryPromise({
    try: async () => {
      const [{ inspectCsv }, buffer] = await Promise.all([import("./csv-inspect"), file.arrayBuffer()])
      return inspectCsv(new Uint8Array(buffer), file.name, file.type)
    },
    catch: (error) => readError(file, error),
  })

const inspectInWorker = (file: PickedFile) =>
  Effect.callback<CsvInspection, FileReadError>((resume) => {
    const worker = new Worker(new URL("./csv-worker.ts", import.meta.url), { type: "module" })
    worker.onmessage = (event: MessageEvent<CsvInspection | { ok: false; problem: "unreadable"; message: string }>) => {
      const answer = event.data
      if (!answer.ok && answer.problem === "unreadable") resume(Effect.fail(readError(file, answer.message)))
      else resume(Effect.succeed(answer as CsvInspection))
    }
    worker.onerror = (event) => resume(Effect.fail(readError(file, event.message || "the CSV worker failed")))
    worker.postMessage({ file } satisfies CsvWorkerRequest)
    // Leaving the step (another file, the wizard closed) stops the parse at once.
    return Effect.sync(() => worker.terminate())
  })

const inspect = (file: PickedFile): Effect.Effect<CsvInspection, FileReadError> => {
  // Too large or empty is known from the size alone: no need to read 50 MB to say so.
  if (file.size > CONTACTS_CSV_MAX_BYTES) return Effect.succeed({ ok: false, problem: "tooLarge" })
  if (file.size === 0) return Effect.succeed({ ok: false, problem: "empty" })
  return typeof Worker === "undefined" ? inspectInline(file) : inspectInWorker(file)
}

export class ContactCsv extends Context.Service<ContactCsv, ContactCsvShape>()("app/ContactCsv") {
  /** Stands on the API client's collaborators (configuration, stored credential, fetch, the session-ending shell). */
  static readonly layer: Layer.Layer<ContactCsv, never, ApiClientServices> = Layer.effect(
    ContactCsv,
    Effect.gen(function* () {
      const services = yield* Effect.context<ApiClientServices>()
      return { inspect, upload: (file, options) => uploadCsv(file, options).pipe(Effect.provideContext(services)) }
    }),
  )
}
