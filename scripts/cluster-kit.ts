/**
 * A cluster on this machine, for `npm run cluster` and `npm run bench:cluster`: PostgreSQL (server/testing's private
 * cluster with the demo world seeded once, or DATABASE_URL), Redis (Debian's redis-server), N server processes
 * (server/main.ts, each its own Node.js process on its own port) and HAProxy in front (round robin, WebSocket
 * upgrade, health checks on /readyz). Every process gets the same JWT_SECRET and DEV_KEY.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { freePort } from "../server/sip/daemon"
import { startRedis } from "../server/testing/redis"
import { startPostgres } from "../server/testing/test-server"

export interface ClusterOptions {
  readonly nodes: number
  /** HAProxy's port (0: a free one). */
  readonly port: number
  /** Where the logs and HAProxy's config go. */
  readonly dir: string
  readonly log?: (line: string) => void
  /** A database to use (default: DATABASE_URL, else a private PostgreSQL started and stopped with the cluster). */
  readonly databaseUrl?: string
  /** `failover`: HAProxy sends everything to n1 while it is up, to the next node once it is down (tests pin with it). */
  readonly balance?: Balance
  /** More environment for every node (e.g. DIST_DIR: the built console it serves). */
  readonly env?: Readonly<Record<string, string>>
  /** Node.js options before the server's entry for every node (a CPU profile: `--cpu-prof`). */
  readonly nodeArgs?: readonly string[]
}

/** `roundrobin` spreads over every node; `failover` keeps n1 the only one in use and the others as HAProxy backups. */
export type Balance = "roundrobin" | "failover"

export interface ClusterNode {
  readonly name: string
  readonly url: string
  /** Its process id (kept after it exited). */
  readonly pid: number
  /** The running process (null once it exited). */
  process: ChildProcess | null
}

export interface Cluster {
  /** HAProxy's address: the console, the API and the socket service. */
  readonly url: string
  readonly nodes: readonly ClusterNode[]
  readonly devKey: string
  readonly databaseUrl: string
  readonly redisUrl: string
  /** The process ids of Redis and HAProxy (the nodes': `nodes[i].pid`). */
  readonly pids: { readonly redis: number; readonly haproxy: number }
  /** kill -9 one node (no graceful stop): its sockets drop and HAProxy's checks take it out. */
  readonly kill: (index: number) => void
  readonly stop: () => Promise<void>
}

const root = resolve(import.meta.dirname, "..")
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `url` until it answers 200 (or throws after `ms`). */
export const waitReady = async (url: string, ms: number, alive: () => boolean = () => true) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process exited`)
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) return
    await sleep(200)
  }
  throw new Error(`${url} was not ready within ${ms} ms`)
}

/**
 * HAProxy's configuration: health checks every second on /readyz; a node is out after one check it failed or did not
 * answer within 3 s, or at once when a connection to it is refused (a dead process), and back after one good check.
 * The 3 s are for a live node busy enough to answer late: taking the survivor of a killed node out for that made its
 * agents' reconnections fail with 503 for seconds (bench:cluster).
 */
export const haproxyConfig = (port: number, nodes: readonly { name: string; port: number }[], balance: Balance = "roundrobin") =>
  [
    "global",
    "  maxconn 8000",
    "defaults",
    "  mode http",
    "  option forwardfor",
    "  option redispatch",
    "  retries 2",
    "  timeout connect 3s",
    "  timeout client 65s",
    "  timeout server 65s",
    // A WebSocket (the console's only socket.io transport) lives as long as the agent's page.
    "  timeout tunnel 1h",
    "  timeout check 3s",
    "frontend console",
    `  bind 127.0.0.1:${port}`,
    // The nodes believe X-Forwarded-Host from the balancer (TRUSTED_PROXIES): a client's own is not passed on.
    "  http-request del-header X-Forwarded-Host",
    "  default_backend nodes",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  default-server check inter 1s fall 1 rise 1 observe layer4 error-limit 1 on-error mark-down",
    ...nodes.map((node, i) => `  server ${node.name} 127.0.0.1:${node.port}${balance === "failover" && i > 0 ? " backup" : ""}`),
    "",
  ].join("\n")

/** Spawns `command` with its output in `logFile`; resolves once spawned. */
const spawnLogged = (command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string) => {
  const log = createWriteStream(logFile)
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  return child
}

export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  const log = options.log ?? ((line: string) => console.log(line))
  mkdirSync(options.dir, { recursive: true })
  const cleanups: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
  }
  try {
    let databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL ?? ""
    if (!databaseUrl) {
      log("Starting PostgreSQL (a private cluster; the demo world is seeded once)...")
      const postgres = await startPostgres()
      cleanups.push(() => postgres.stop())
      databaseUrl = await postgres.createDatabase()
    }
    const redis = await startRedis()
    cleanups.push(() => redis.stop())
    log(`Redis: ${redis.url}`)
    const port = options.port || (await freePort())
    const url = `http://127.0.0.1:${port}`
    const devKey = process.env.DEV_KEY || randomBytes(24).toString("base64url")
    const shared = {
      ...process.env,
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      JWT_SECRET: process.env.JWT_SECRET || randomBytes(32).toString("hex"),
      DEV_KEY: devKey,
      PUBLIC_URL: url,
      TRUSTED_PROXIES: "127.0.0.1",
      CONNECTIONS_PER_ADDRESS: "0",
      SHUTDOWN_DRAIN_MS: "2500",
      SIP: "off",
      ...options.env,
    }
    const nodes: (ClusterNode & { port: number })[] = []
    const stopNodes = async () => {
      const running = nodes.map((node) => node.process).filter((p): p is ChildProcess => p !== null && p.exitCode === null)
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((done) => {
              const timer = setTimeout(() => child.kill("SIGKILL"), 25_000)
              child.once("exit", () => {
                clearTimeout(timer)
                done()
              })
              child.kill("SIGTERM")
            }),
        ),
      )
    }
    cleanups.push(stopNodes)
    const startNode = async (index: number) => {
      const name = `n${index + 1}`
      const nodePort = await freePort()
      const env = { ...shared, PORT: String(nodePort), DATA_DIR: join(options.dir, name) }
      const child = spawnLogged(
        process.execPath,
        [...(options.nodeArgs ?? []), "--import", "tsx", "server/main.ts"],
        env,
        join(options.dir, `${name}.log`),
      )
      const node = { name, port: nodePort, url: `http://127.0.0.1:${nodePort}`, pid: child.pid ?? 0, process: child as ChildProcess | null }
      child.once("exit", () => {
        node.process = null
      })
      nodes.push(node)
      await waitReady(`${node.url}/readyz`, 180_000, () => node.process !== null)
      log(`Node ${name}: ${node.url} (pid ${child.pid}, log ${join(options.dir, `${name}.log`)})`)
    }
    // The first node applies migrations and seeds an empty database; the others start together after it.
    await startNode(0)
    await Promise.all(Array.from({ length: options.nodes - 1 }, (_, i) => startNode(i + 1)))
    nodes.sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }))
    const configFile = join(options.dir, "haproxy.cfg")
    writeFileSync(configFile, haproxyConfig(port, nodes, options.balance))
    const haproxy = spawnLogged("haproxy", ["-db", "-f", configFile], process.env, join(options.dir, "haproxy.log"))
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          if (haproxy.exitCode !== null) return done()
          haproxy.once("exit", () => done())
          haproxy.kill("SIGTERM")
        }),
    )
    await waitReady(`${url}/readyz`, 20_000, () => haproxy.exitCode === null)
    return {
      url,
      nodes,
      devKey,
      databaseUrl,
      redisUrl: redis.url,
      pids: { redis: redis.pid, haproxy: haproxy.pid ?? 0 },
      kill: (index) => nodes[index]?.process?.kill("SIGKILL"),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
