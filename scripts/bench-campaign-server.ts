/** The server `npm run bench:campaign` starts as a child (and kills with SIGKILL): DATABASE_URL or DATA_DIR, any port. */
import { startServer } from "../server/app"

const server = await startServer({
  port: 0,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".tmp/bench-campaign-db" }),
  jobs: { pollMs: 20 },
})
console.log(`LISTENING ${server.url}`)
