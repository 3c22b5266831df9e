/**
 * Raw SQL run as a named prepared statement on PostgreSQL, for the few hot statements whose planning costs more than
 * their running (the queue's hand-out: about 1 ms to plan, docs/benchmarks.md `bench:handout`). node-postgres parses a
 * named statement once per connection and then only binds and executes it, and after five executions PostgreSQL keeps a
 * generic plan when it costs no more than the custom ones. The name is a digest of the statement's text, so every
 * shape a caller builds (a kind, a group or none) is its own statement and one name never meets two texts. PGlite runs
 * it as any other query (it prepares nothing across calls).
 */
import { createHash } from "node:crypto"
import type { SQL } from "drizzle-orm"
import { PgDialect } from "drizzle-orm/pg-core"
import type { Db } from "./db"

const dialect = new PgDialect()

/** `db.execute(query)`, the same result (`rowsOf` reads it), planned once per connection on PostgreSQL. */
export const executePrepared = (db: Db, query: SQL): Promise<unknown> => {
  const built = dialect.sqlToQuery(query)
  const name = `p_${createHash("sha1").update(built.sql).digest("base64url")}`
  return db._.session.prepareQuery(built, undefined, name, false).execute()
}
