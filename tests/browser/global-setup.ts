/**
 * Builds dist/ when the console sources are newer than it, then starts one real server (server/testing.ts) for the
 * whole run; its URL reaches the tests as CONSOLE_URL. The returned function stops it.
 */
import { join } from "node:path"
import { startTestServer } from "../../server/testing/test-server"
import { ensureBuilt } from "../../scripts/console-build"

/** BROWSER_DIST lets several people (or agents) run the suite at once without rebuilding each other's dist/. */
const distDir = process.env.BROWSER_DIST ?? "dist"

export default async function globalSetup() {
  ensureBuilt(distDir)
  // Meta's Graph API is the server's own fake (/dev/graph): only tenants that connect a channel use it.
  const server = await startTestServer({ distDir: join(process.cwd(), distDir), config: { graphBaseUrl: "self" } })
  process.env.CONSOLE_URL = server.url
  // The development hooks want the server's per-start key (server/http/dev-access.ts); workers inherit the variable.
  process.env.DEV_KEY = server.services.config.devKey
  return async () => {
    await server.stop()
  }
}
