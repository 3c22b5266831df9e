/**
 * Records every module this process loads, one file URL a line, in MODULE_TRACE_FILE: the ES modules as they are
 * resolved (loader hooks) and, when the process exits, the CommonJS modules in require's cache. Given to a start as
 * `NODE_OPTIONS="--import /abs/path/module-trace.mjs"` (every node process of the start records into the same file);
 * production-load.test.ts reads it. On the main thread it registers itself as the loader hooks; on the hooks thread it
 * appends each resolved URL.
 */
import { appendFileSync } from "node:fs"
import { createRequire, register } from "node:module"
import { pathToFileURL } from "node:url"
import { isMainThread } from "node:worker_threads"

let file = ""

if (isMainThread) {
  const trace = process.env.MODULE_TRACE_FILE
  if (!trace) throw new Error("module-trace.mjs needs MODULE_TRACE_FILE")
  register(import.meta.url, import.meta.url, { data: { file: trace } })
  const required = createRequire(import.meta.url).cache
  process.on("exit", () => {
    const urls = Object.keys(required).map((path) => pathToFileURL(path).href)
    appendFileSync(trace, urls.map((url) => `${url}\n`).join(""))
  })
}

export const initialize = (data) => {
  file = data.file
}

export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context)
  appendFileSync(file, `${resolved.url}\n`)
  return resolved
}
