/**
 * Builds dist/ when the console sources are newer than it, then starts one real server (server/testing.ts) for the
 * whole run; its URL reaches the tests as CONSOLE_URL. The returned function stops it.
 */
import { startTestServer } from "../../server/testing/test-server"
import { ensureBuilt } from "../../scripts/console-build"
import { browserDist } from "./helpers"

export default async function globalSetup() {
  ensureBuilt(browserDist())
  // Meta's Graph API is the server's own fake (/dev/graph): only tenants that connect a channel use it.
  const server = await startTestServer({ distDir: browserDist(), config: { graphBaseUrl: "self" } })
  process.env.CONSOLE_URL = server.url
  // The development hooks want the server's per-start key (server/dev/access.ts); workers inherit the variable.
  process.env.DEV_KEY = server.services.config.devKey
  return async () => {
    await server.stop()
  }
}
