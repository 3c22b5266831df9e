/**
 * The CSV import kit: a file picked, read (ChatFiles, no reading in views) and sent as text to a feature's import call,
 * whose answer accounts for every line (inserted, updated, skipped with its line and reason); the list it fills is
 * reloaded afterwards. Used by the branches (`/client/bulk/location`) and the products (`/product/import`).
 *
 *   idle --PICK--> idle (file kept, last answer cleared) --UPLOAD (a file)--> uploading --done--> idle (answer kept)
 *                                                                               \--error--> idle (failure kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { ChatFiles, type PickedFile } from "../../services/chat/chat-files"
import { type Failure, failureOf } from "./failure"
import { type AppServices, fromEffect } from "./from-effect"
import type { ReportId } from "../system-ids"
import { reloadReport } from "./reload-report"

/** What an import call answers (the contract's ImportResult). */
export interface ImportSummary {
  readonly inserted: number
  readonly updated: number
  readonly skipped: number
  readonly errors: readonly { readonly line: number; readonly message: string }[]
}

export interface CsvImportSpec {
  /** The list's report actor, reloaded after an import. */
  readonly list: ReportId
  readonly send: (csv: string) => Effect.Effect<{ readonly data: ImportSummary }, unknown, AppServices>
}

export interface CsvImportContext {
  readonly file: PickedFile | null
  readonly result: ImportSummary | null
  readonly failure: Failure | null
}

export type CsvImportEvent = { type: "PICK"; file: PickedFile | null } | { type: "UPLOAD" }

/** UTF-8 text of a file read as base64 (a byte-order mark is left for the server's parser to drop). */
export const textOfBase64 = (base64: string): string => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))

/** Up to this many lines are listed one by one (accepted or refused); a larger file lists its refused lines only. */
export const LISTED_LINES = 500

export type ImportLine = { readonly line: number; readonly error: string | null }

/**
 * The file's data lines with their outcome: the server answers every line (inserted + updated + skipped is the number
 * of lines, numbered from 2 after the header) and names the refused ones, so every other line was accepted.
 */
export const importLinesOf = (result: ImportSummary): readonly ImportLine[] => {
  const refused = new Map(result.errors.map((e) => [e.line, e.message]))
  const total = result.inserted + result.updated + result.skipped
  if (total > LISTED_LINES) return result.errors.map((e) => ({ line: e.line, error: e.message }))
  return Array.from({ length: total }, (_, i) => ({ line: i + 2, error: refused.get(i + 2) ?? null }))
}

export const createCsvImport = (spec: CsvImportSpec) =>
  setup({
    types: { context: {} as CsvImportContext, events: {} as CsvImportEvent, tags: {} as "busy" },
    actors: {
      upload: fromEffect((file: PickedFile) =>
        Effect.gen(function* () {
          const content = yield* (yield* ChatFiles).read(file)
          const answer = yield* spec.send(textOfBase64(content.base64))
          return answer.data
        }),
      ),
    },
    actions: {
      reloadList: reloadReport(spec.list),
    },
  }).createMachine({
    id: "csv-import",
    context: { file: null, result: null, failure: null },
    initial: "idle",
    states: {
      idle: {
        on: {
          PICK: { actions: assign({ file: ({ event }) => event.file, result: null, failure: null }) },
          UPLOAD: { guard: ({ context }) => context.file !== null, target: "uploading" },
        },
      },
      uploading: {
        tags: "busy",
        entry: assign({ result: null, failure: null }),
        invoke: {
          id: "upload",
          src: "upload",
          input: ({ context }) => context.file as PickedFile,
          onDone: { target: "idle", actions: [assign({ result: ({ event }) => event.output }), "reloadList"] },
          onError: { target: "idle", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        },
      },
    },
  })

export type CsvImportMachine = ReturnType<typeof createCsvImport>
