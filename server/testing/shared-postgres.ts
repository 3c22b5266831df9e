/**
 * Vitest's global setup for the server suite under `npm test` (vitest.config.ts loads it when TEST_SHARED_POSTGRES is
 * set): one PostgreSQL cluster for the whole run, named to the workers in TEST_SHARED_POSTGRES_URL, so that each file
 * makes its databases in it (`startPostgres` in test-server.ts) instead of copying, starting and stopping a cluster of
 * its own, about a second a file.
 */
import { SHARED_POSTGRES_URL, startPostgres } from "./test-server"

export default async function sharedPostgres() {
  const cluster = await startPostgres()
  process.env[SHARED_POSTGRES_URL] = cluster.url
  return async () => {
    delete process.env[SHARED_POSTGRES_URL]
    await cluster.stop()
  }
}
