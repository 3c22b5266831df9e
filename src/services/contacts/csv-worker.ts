/** The import wizard's web worker: reads the picked file and inspects it (csv-inspect.ts) off the main thread. */
import { inspectCsv } from "./csv-inspect"

export interface CsvWorkerRequest {
  readonly file: Blob & { readonly name: string }
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CsvWorkerRequest>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = async (event) => {
  const { file } = event.data
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    scope.postMessage(inspectCsv(bytes, file.name, file.type))
  } catch (error) {
    scope.postMessage({ ok: false, problem: "unreadable", message: error instanceof Error ? error.message : String(error) })
  }
}
