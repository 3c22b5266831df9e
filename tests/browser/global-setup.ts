/**
 * Builds dist/ when the console sources are newer than it, then starts one real server (server/testing.ts) for the
 * whole run; its URL reaches the tests as CONSOLE_URL. The returned function stops it.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { startTestServer } from "../../server/testing/test-server"

const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/** BROWSER_DIST lets several people (or agents) run the suite at once without rebuilding each other's dist/. */
const distDir = process.env.BROWSER_DIST ?? "dist"

const ensureBuilt = () => {
  const built = join(distDir, "index.html")
  const sources = Math.max(newest("src"), newest("index.html"), newest("vite.config.ts"))
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return
  execFileSync("npx", ["vite", "build", "--outDir", distDir, "--emptyOutDir"], { stdio: "inherit" })
}

export default async function globalSetup() {
  ensureBuilt()
  const server = await startTestServer({ distDir: join(process.cwd(), distDir) })
  process.env.CONSOLE_URL = server.url
  // The development hooks want the server's per-start key (server/http/dev-access.ts); workers inherit the variable.
  process.env.DEV_KEY = server.services.config.devKey
  return async () => {
    await server.stop()
  }
}
