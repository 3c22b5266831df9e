/**
 * The server's health as the platform dashboard shows it: the database and Redis (when configured) answer within the
 * readiness probe's time, the job queue's due backlog and how long its oldest due job has waited, and the server
 * processes holding a live lease (the nodes the calls fail over between).
 */
import { sql } from "drizzle-orm"
import type { SystemHealth } from "../../../src/contract/groups/platform"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { passes } from "../../http/health"

export const healthOf = async (db: Pick<Db, "execute">, services: Services): Promise<SystemHealth> => {
  const client = services.redis
  const [database, redis] = await Promise.all([
    passes(() => services.database.ping()),
    client ? passes(() => client.ping()) : Promise.resolve(null),
  ])
  const [row] = rowsOf(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM jobs WHERE status = 'queued' AND run_at <= now()) AS depth,
      (SELECT floor(extract(epoch FROM now() - min(run_at)))::int FROM jobs WHERE status = 'queued' AND run_at <= now()) AS oldest,
      (SELECT count(*)::int FROM call_nodes WHERE lease_until >= now()) AS nodes`),
  )
  return {
    database,
    redis,
    queue_depth: Number(row?.depth ?? 0),
    oldest_job_seconds: row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, Number(row.oldest)),
    nodes: Number(row?.nodes ?? 0),
  }
}
