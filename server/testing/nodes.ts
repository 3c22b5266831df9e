/**
 * Several server processes' worth of servers in one test: `n` servers on ONE PostgreSQL database and ONE Redis
 * (REDIS_URL set), as behind a load balancer. Each has its own port, socket service, job runner and dev key.
 *
 *   const cluster = await startNodes(2)            // its own PostgreSQL and Redis; nodes[0] is "A", nodes[1] "B"
 *   await customerWrites(cluster.nodes[1], ...)    // in through B; an agent's socket on A hears it
 *   await cluster.nodes[0].stop()                  // a graceful stop of A (SIGTERM's path)
 *   const c = await cluster.add()                  // one more node on the same database and Redis
 *   await cluster.stop()
 *
 * In vitest, `useNodes(2)` does the same in beforeAll/afterAll (like `useServer`).
 */
import { afterAll, beforeAll } from "vitest"
import type { Config } from "../config"
import type { JobsOptions } from "../core/job-runner"
import { startRedis, type RedisServer } from "./redis"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "./test-server"

export interface NodesOptions {
  /** A PostgreSQL cluster to make the shared database in (default: a private one, stopped with the nodes). */
  readonly postgres?: PostgresCluster
  /** Settings for every node (REDIS_URL is set by the harness). */
  readonly config?: Partial<Config>
  readonly jobs?: JobsOptions
}

export interface Nodes {
  /** The nodes started so far, in order (a stopped node stays in the list). */
  readonly nodes: readonly TestServer[]
  /** The one database every node uses. */
  readonly databaseUrl: string
  readonly redis: RedisServer
  /** Starts one more node on the same database and Redis. */
  readonly add: () => Promise<TestServer>
  /** Stops every node, then Redis and the database server (if the harness started it). */
  readonly stop: () => Promise<void>
}

export const startNodes = async (count = 2, options: NodesOptions = {}): Promise<Nodes> => {
  const postgres = options.postgres ?? (await startPostgres())
  const redis = await startRedis().catch(async (error: unknown) => {
    if (!options.postgres) await postgres.stop()
    throw error
  })
  const databaseUrl = await postgres.createDatabase()
  const nodes: TestServer[] = []
  const add = async () => {
    const node = await startTestServer({ databaseUrl, config: { ...options.config, redisUrl: redis.url }, jobs: options.jobs })
    nodes.push(node)
    return node
  }
  const stop = async () => {
    await Promise.allSettled(nodes.map((node) => node.stop()))
    await redis.stop()
    if (!options.postgres) await postgres.stop()
  }
  try {
    // One after the other: the first applies migrations (already applied in the template: quick either way).
    for (let i = 0; i < count; i++) await add()
  } catch (error) {
    await stop()
    throw error
  }
  return { nodes, databaseUrl, redis, add, stop }
}

/** Starts `count` nodes in beforeAll and stops them after the file. */
export const useNodes = (count = 2, options: NodesOptions = {}) => {
  let cluster: Nodes | null = null
  beforeAll(async () => {
    cluster = await startNodes(count, options)
  }, 120_000)
  afterAll(async () => {
    await cluster?.stop()
  }, 60_000)
  return {
    get cluster() {
      if (!cluster) throw new Error("useNodes: the nodes start in beforeAll")
      return cluster
    },
    get nodes() {
      return this.cluster.nodes
    },
  }
}
