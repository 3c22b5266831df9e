/**
 * The server on PORT (8080) and HOST (127.0.0.1), PGlite in DATA_DIR (./data) or PostgreSQL at DATABASE_URL (started by
 * main.ts), serving the console built in DIST_DIR (./dist). It refuses to start without the settings production needs
 * (production-settings.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { startServer } from "./app"
import { DEMO_LOGINS, DEMO_PASSWORD } from "./db/seed/tenants"
import { startSipServerFromEnv } from "./sip/kamailio"
import { bannerOf } from "./banner"
import { refusalOf, settingProblems } from "./production-settings"

// Every missing or wrong setting at once, one line each, and no stack trace (production-settings.ts).
const problems = settingProblems(process.env)
if (problems.length > 0) {
  console.error(refusalOf(problems))
  process.exit(1)
}
const host = process.env.HOST ?? "127.0.0.1"
// The PBX softphone's SIP server (Kamailio), when installed: SIP_WS_PORT (5066), SIP=off to skip.
const sip = await startSipServerFromEnv(process.env, host, (line) => console.log(line))
// scripts/start.ts takes it for the development start's demo channels.
export const server = await startServer({
  port: Number(process.env.PORT ?? 8080),
  host,
  dataDir: process.env.DATA_DIR ?? "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
  distDir: process.env.DIST_DIR || undefined,
  config: sip ? { sip: sip.settings } : undefined,
})
const { config } = server.services
// The CLI scripts (npm run simulate:*) read the per-start key from this file (scripts/dev-key.ts).
const devKeyFile = join(process.env.DATA_DIR ?? "./data", "dev-key")
if (config.dev) {
  mkdirSync(dirname(devKeyFile), { recursive: true })
  writeFileSync(devKeyFile, config.devKey, { mode: 0o600 })
}
const banner = bannerOf({
  url: server.url,
  database: server.services.database.kind,
  dev: config.dev,
  devKey: config.devKey,
  devKeyFile,
  password: DEMO_PASSWORD,
  logins: DEMO_LOGINS,
  firstAdmin: server.firstAdmin,
})
for (const line of banner) console.log(line)

// SIGTERM/SIGINT: the graceful stop (app.ts `stop`: readiness 503, drain, in-flight requests and running jobs finish,
// sockets closed), then exit 0; past SHUTDOWN_TIMEOUT_MS (20 s) the process exits 1 with whatever was left.
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000)
let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  console.log(`[server] ${signal}: stopping (draining ${config.shutdownDrainMs} ms, at most ${shutdownTimeoutMs} ms in all)`)
  setTimeout(() => {
    console.error("[server] the graceful stop timed out: exiting anyway")
    process.exit(1)
  }, shutdownTimeoutMs).unref()
  void Promise.allSettled([server.stop(), sip?.stop()]).then(() => {
    console.log("[server] stopped")
    process.exit(0)
  })
}
process.on("SIGINT", () => shutdown("SIGINT"))
process.on("SIGTERM", () => shutdown("SIGTERM"))
