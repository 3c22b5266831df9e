/**
 * `npm start`: checks the Node.js floor, then starts the server, which prints its address and the logins last. In
 * development it first builds the console when its sources changed (quietly: Vite's output shows only when the build
 * fails), plays Meta with the server's own fake (GRAPH_BASE_URL=self) and the demo SMS gateway's SMSC with the
 * simulator (SMSC_PORT=2775, where the seed points it) unless those are set, seeds a new PGlite folder in a process of
 * its own, and once the server listens connects the demo tenant's Meta channels to the fake (server/dev/demo-start.ts). In production (NODE_ENV=production,
 * `npm run start:prod`) it never builds: the console was built by `npm run build` at install, and without it the start
 * refuses. Test servers start through server/testing instead, so their specs connect channels themselves.
 */
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { assertNodeVersion } from "../server/node-version"

assertNodeVersion()
const development = process.env.NODE_ENV !== "production"
if (!development) {
  const distDir = process.env.DIST_DIR || "dist"
  if (!existsSync(join(distDir, "index.html"))) {
    console.error(`The console is not built (${join(distDir, "index.html")} is missing): run npm run build, then start again.`)
    process.exit(1)
  }
} else {
  const { ensureBuilt, isStale } = await import("./console-build")
  if (isStale("dist")) {
    console.log("Building the console (its sources changed since the last build)...")
    ensureBuilt("dist", { quiet: true })
  }
  const { demoStartEnv } = await import("../server/dev/demo-start")
  demoStartEnv(process.env)
  // A new PGlite folder gets the demo world from a process of its own: the seed's bulk inserts grow PGlite's memory,
  // which a process never gives back, and the server would carry it for its whole life (about 150 MiB).
  const dataDir = process.env.DATA_DIR ?? "./data"
  if (!process.env.DATABASE_URL && !existsSync(join(dataDir, "PG_VERSION"))) {
    console.log("Creating the demo database...")
    const seeded = spawnSync(process.execPath, [...process.execArgv, "server/db/seed-cli.ts"], { stdio: "inherit" })
    if (seeded.status !== 0) process.exit(seeded.status ?? 1)
  }
}
await import("../server/main")
if (development) {
  const { server } = await import("../server/serve")
  const { connectDemoChannels } = await import("../server/dev/demo-start")
  // The demo's channels are a convenience: the server runs on whatever happens to them.
  await connectDemoChannels(server, (line) => console.log(line)).catch((error: unknown) =>
    console.log(`[demo] the demo channels were not connected: ${error instanceof Error ? error.message : String(error)}`),
  )
}
