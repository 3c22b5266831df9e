/**
 * Builds dist/ when the console sources are newer than it, then starts one real server per Playwright worker for the
 * whole run, each in a process of its own (server/testing/test-server-process.ts says why): each worker's specs log in as the demo users of its own server, so two workers
 * never end each other's sessions. Their URLs reach the tests as CONSOLE_URLS (helpers.ts `baseUrl` picks the worker's).
 * The returned function stops them.
 */
import { randomBytes } from "node:crypto"
import { startTestServerProcess } from "../../server/testing/test-server-process"
import { ensureBuilt } from "../../scripts/console-build"
import { browserDist, browserWorkers } from "./helpers"

export default async function globalSetup() {
  ensureBuilt(browserDist())
  // The development hooks want the server's key (server/dev/access.ts): one key for every server, inherited by workers.
  process.env.DEV_KEY ||= randomBytes(24).toString("base64url")
  // Meta's Graph API is the server's own fake (/dev/graph): only tenants that connect a channel use it.
  const servers = await Promise.all(
    Array.from({ length: browserWorkers() }, () => startTestServerProcess({ distDir: browserDist(), config: { graphBaseUrl: "self" } })),
  )
  process.env.CONSOLE_URLS = servers.map((server) => server.url).join(" ")
  return async () => {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
