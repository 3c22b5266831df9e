/**
 * `npm run cluster [-- --nodes N --port P]`: PostgreSQL (or DATABASE_URL), Redis, N server processes (default 2) and
 * HAProxy in front, on this machine, with the demo world; prints the console's address. Ctrl-C stops everything.
 * Logs and HAProxy's config: .tmp/cluster/. See README, "PostgreSQL and several nodes".
 */
import { join } from "node:path"
import { parseArgs } from "node:util"
import { DEMO_LOGINS, DEMO_PASSWORD } from "../server/db/seed/tenants"
import { startCluster } from "./cluster-kit"

const { values } = parseArgs({ options: { nodes: { type: "string", default: "2" }, port: { type: "string", default: "8080" } } })
const nodes = Number(values.nodes)
if (!Number.isInteger(nodes) || nodes < 1 || nodes > 16) throw new Error("--nodes takes 1 to 16")
const dir = join(import.meta.dirname, "..", ".tmp", "cluster")
const cluster = await startCluster({ nodes, port: Number(values.port), dir })
console.log(`\nConsole, API and sockets through HAProxy: ${cluster.url}`)
console.log(`${nodes} server processes: ${cluster.nodes.map((n) => n.url).join(", ")}; Redis ${cluster.redisUrl}`)
console.log(`CLI scripts (npm run simulate:*): DEV_KEY=${cluster.devKey} PORT=${new URL(cluster.url).port}`)
console.log(`Logins (password ${DEMO_PASSWORD}): ${DEMO_LOGINS.map((l) => l.username).join(", ")}`)
console.log("Ctrl-C stops everything.")
let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  console.log("\nStopping the nodes (gracefully), HAProxy, Redis and PostgreSQL...")
  void cluster.stop().finally(() => process.exit(0))
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
