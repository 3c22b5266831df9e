/**
 * The CSV import wizard (page actor `contacts-import`, /apps/contacts/all):
 *
 *   choosing --FILE.CHOOSE--> inspecting --ok--> mapping --UPLOAD--> uploading --done--> done --RESTART--> choosing
 *                                  \--bad file--> choosing (problem)        \--error--> mapping (failure)
 *
 * The file is inspected in a web worker (ContactCsv: header, first rows, row count, or why it is refused: too large,
 * empty, not a CSV, UTF-16, not UTF-8), the columns are mapped with a preview, then the file goes to /add/customers
 * as the raw request body (ContactCsv.upload, streamed from disk) with the mapping and an import id; the server's `contacts:import-progress` events for that id move the progress
 * bar. The server imports all or nothing, so a failed upload leaves the mapping as it was for another try. The
 * result accounts for every row; its rejections are offered as a CSV (held in `download` until the view saved it).
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { ContactImportResult } from "../../contract/schemas/contacts"
import type { PickedFile } from "../../services/chat/chat-files"
import { ContactCsv } from "../../services/contacts/contact-csv"
import type { CsvInspection, CsvPreview, CsvProblem } from "../../services/contacts/csv-inspect"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import { errorOf, outputOf } from "../common/settled"
import type { ExportFile } from "../report-kit/report-machine"
import { type ColumnChoice, type ColumnRole, chooseRole, guessColumns, mappingOf, mappingProblem, rejectionsCsv } from "./import-mapping"

export type ImportResult = ContactImportResult["data"]

export interface ImportProgress {
  readonly bytesDone: number
  readonly bytesTotal: number
  readonly rows: number
}

export interface ImportContext {
  readonly file: PickedFile | null
  readonly problem: CsvProblem | null
  readonly preview: CsvPreview | null
  readonly columns: readonly ColumnChoice[]
  readonly importId: string | null
  readonly progress: ImportProgress | null
  readonly result: ImportResult | null
  readonly failure: Failure | null
  readonly download: (ExportFile & { readonly id: number }) | null
  readonly seq: number
}

export type ImportEvent =
  | { type: "FILE.CHOOSE"; file: PickedFile }
  | { type: "COLUMN.SET"; index: number; role: ColumnRole; key?: string }
  | { type: "UPLOAD" }
  | { type: "REJECTIONS.DOWNLOAD" }
  | { type: "DOWNLOAD.SAVED" }
  | { type: "RESTART" }
  | RealtimeEvent<"contacts">

export type ImportTag = "choosing" | "inspecting" | "mapping" | "uploading" | "done"

interface UploadInput {
  readonly file: PickedFile
  readonly columns: readonly ColumnChoice[]
  readonly importId: string
}

const initial = (): ImportContext => ({
  file: null,
  problem: null,
  preview: null,
  columns: [],
  importId: null,
  progress: null,
  result: null,
  failure: null,
  download: null,
  seq: 0,
})

let imports = 0
const newImportId = () => `imp-${Date.now().toString(36)}-${(imports++).toString(36).padStart(4, "0")}`

export const importMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent, tags: {} as ImportTag },
  actors: {
    inspect: fromEffect((file: PickedFile) => Effect.flatMap(ContactCsv, (csv) => csv.inspect(file))),
    upload: fromEffect(({ file, columns, importId }: UploadInput) =>
      Effect.gen(function* () {
        const csv = yield* ContactCsv
        const body = yield* csv.upload(file, { file_name: file.name.slice(0, 255), mapping: mappingOf(columns), import_id: importId })
        return body.data
      }),
    ),
    progress: fromRealtime("contacts"),
  },
  guards: {
    fileOk: (_, inspection: CsvInspection) => inspection.ok,
    mappingOk: ({ context }) => mappingProblem(context.columns) === null,
    ownProgress: ({ context, event }) => {
      assertEvent(event, "rt.contacts:import-progress")
      return event.import_id === context.importId
    },
  },
  actions: {
    chooseFile: assign((_, file: PickedFile) => ({ ...initial(), file })),
    storePreview: assign((_, inspection: CsvInspection) =>
      inspection.ok ? { preview: inspection, columns: guessColumns(inspection.headers), problem: null } : {},
    ),
    storeProblem: assign((_, inspection: CsvInspection) => (inspection.ok ? {} : { problem: inspection.problem, file: null })),
    storeFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    dropFile: assign({ file: null }),
    setColumn: assign(({ context, event }) => {
      assertEvent(event, "COLUMN.SET")
      return { columns: chooseRole(context.columns, event.index, event.role, event.key) }
    }),
    startUpload: assign({ importId: () => newImportId(), progress: null, failure: null }),
    storeProgress: assign(({ event }) => {
      assertEvent(event, "rt.contacts:import-progress")
      return { progress: { bytesDone: event.bytes_done, bytesTotal: event.bytes_total, rows: event.rows } }
    }),
    storeResult: assign((_, result: ImportResult) => ({ result, failure: null })),
    makeDownload: assign(({ context }) =>
      context.result
        ? {
            download: {
              filename: `import-rejections-${context.importId ?? "file"}.csv`,
              content: rejectionsCsv(context.result),
              mime: "text/csv;charset=utf-8",
              id: context.seq + 1,
            },
            seq: context.seq + 1,
          }
        : {},
    ),
    dropDownload: assign({ download: null }),
    reset: assign(() => initial()),
  },
}).createMachine({
  id: "contactsImport",
  context: initial,
  initial: "choosing",
  on: { "DOWNLOAD.SAVED": { actions: "dropDownload" } },
  states: {
    choosing: {
      tags: "choosing",
      on: { "FILE.CHOOSE": { target: "inspecting", actions: { type: "chooseFile", params: ({ event }) => event.file } } },
    },
    inspecting: {
      tags: "inspecting",
      invoke: {
        id: "inspect",
        src: "inspect",
        input: ({ context }) => context.file as PickedFile,
        onDone: [
          {
            guard: { type: "fileOk", params: outputOf },
            target: "mapping",
            actions: { type: "storePreview", params: outputOf },
          },
          { target: "choosing", actions: { type: "storeProblem", params: outputOf } },
        ],
        onError: { target: "choosing", actions: [{ type: "storeFailure", params: errorOf }, "dropFile"] },
      },
      on: { "FILE.CHOOSE": { target: "inspecting", reenter: true, actions: { type: "chooseFile", params: ({ event }) => event.file } } },
    },
    mapping: {
      tags: "mapping",
      on: {
        "FILE.CHOOSE": { target: "inspecting", actions: { type: "chooseFile", params: ({ event }) => event.file } },
        "COLUMN.SET": { actions: "setColumn" },
        UPLOAD: { guard: "mappingOk", target: "uploading", actions: "startUpload" },
        RESTART: { target: "choosing", actions: "reset" },
      },
    },
    uploading: {
      tags: "uploading",
      invoke: [
        { id: "progress", src: "progress" },
        {
          id: "upload",
          src: "upload",
          input: ({ context }) => ({ file: context.file as PickedFile, columns: context.columns, importId: context.importId ?? "" }),
          onDone: { target: "done", actions: { type: "storeResult", params: outputOf } },
          onError: { target: "mapping", actions: { type: "storeFailure", params: errorOf } },
        },
      ],
      on: { "rt.contacts:import-progress": { guard: "ownProgress", actions: "storeProgress" } },
    },
    done: {
      tags: "done",
      on: {
        "REJECTIONS.DOWNLOAD": { actions: "makeDownload" },
        RESTART: { target: "choosing", actions: "reset" },
      },
    },
  },
})
