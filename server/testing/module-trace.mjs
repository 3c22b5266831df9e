/**
 * Records every module URL this process resolves (one a line, in MODULE_TRACE_FILE): `node --import tsx --import
 * ./server/testing/module-trace.mjs entry.ts`. On the main thread it registers itself as the loader hooks (after tsx's,
 * so it sees what tsx resolved); on the hooks thread it appends each resolved URL. production-load.test.ts reads it.
 */
import { appendFileSync } from "node:fs"
import { register } from "node:module"
import { isMainThread } from "node:worker_threads"

let file = ""

if (isMainThread) {
  if (!process.env.MODULE_TRACE_FILE) throw new Error("module-trace.mjs needs MODULE_TRACE_FILE")
  register(import.meta.url, import.meta.url, { data: { file: process.env.MODULE_TRACE_FILE } })
}

export const initialize = (data) => {
  file = data.file
}

export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context)
  appendFileSync(file, `${resolved.url}\n`)
  return resolved
}
