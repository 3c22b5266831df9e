/** `npm start`: the server on PORT (8080) and HOST (127.0.0.1), PGlite in DATA_DIR (./data) or PostgreSQL at DATABASE_URL. */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { startServer } from "./app"
import { DEMO_LOGINS, DEMO_PASSWORD } from "./db/seed/world"
import { startSipServerFromEnv } from "../sip/kamailio"

const host = process.env.HOST ?? "127.0.0.1"
// The PBX softphone's SIP server (Kamailio), when installed: SIP_WS_PORT (5066), SIP=off to skip.
const sip = await startSipServerFromEnv(process.env, host, (line) => console.log(line))
const server = await startServer({
  port: Number(process.env.PORT ?? 8080),
  host,
  dataDir: process.env.DATA_DIR ?? "./data",
  databaseUrl: process.env.DATABASE_URL || undefined,
  config: sip ? { sip: sip.settings } : undefined,
})
console.log(`Console and API at ${server.url} (${server.services.database.kind}); API under /api, socket service under /rt`)
console.log(`Demo logins (password ${DEMO_PASSWORD}):`)
for (const login of DEMO_LOGINS) console.log(`  ${login.username.padEnd(11)} ${login.tenant.padEnd(11)} ${login.note}`)
if (server.services.config.dev) {
  // The CLI scripts (npm run simulate:*) read the per-start key from here; people copy it from this line.
  const keyFile = join(process.env.DATA_DIR ?? "./data", "dev-key")
  mkdirSync(dirname(keyFile), { recursive: true })
  writeFileSync(keyFile, server.services.config.devKey, { mode: 0o600 })
  console.log(`Development hooks (/dev/*, off with NODE_ENV=production): tenant admins, or x-dev-key: ${server.services.config.devKey}`)
  console.log(`Password-reset mail: ${server.url}/dev/outbox`)
}

const shutdown = () => void Promise.allSettled([server.stop(), sip?.stop()]).finally(() => process.exit(0))
process.on("SIGINT", shutdown)
process.on("SIGTERM", shutdown)
