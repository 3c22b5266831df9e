/**
 * A production start, for production-load.test.ts (run in a child process with NODE_ENV=production and
 * module-trace.mjs): the real server on a fresh in-memory database (migrated, not seeded), every feature loaded, a few
 * requests, a graceful stop. Prints one JSON line: what the server said, and the CommonJS modules it required (the ES
 * modules are in the trace file).
 */
import { createRequire } from "node:module"
import { PGlite } from "@electric-sql/pglite"
import { startServer } from "../app"
import { PGLITE_EXTENSIONS } from "../db/db"

if (process.env.NODE_ENV !== "production") throw new Error("production-start.ts runs with NODE_ENV=production")

const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }),
  seed: false,
  jwtSecret: "production-start",
})
const status = async (path: string, init?: RequestInit) => (await fetch(`${server.url}${path}`, init)).status
const report = {
  dev: server.services.config.dev,
  healthz: await status("/healthz"),
  // A GET the server has no route for is the console's page (the SPA fallback), not the mail outbox.
  outbox: (await fetch(`${server.url}/dev/outbox`)).headers.get("content-type"),
  simulatorMessages: await status("/dev/simulator/messages", { method: "POST" }),
  graph: await status("/dev/graph/v21.0/123/messages", { method: "POST" }),
}
await server.stop()
const commonjs = Object.keys(createRequire(import.meta.url).cache)
console.log(JSON.stringify({ ...report, commonjs }))
process.exit(0)
