/**
 * Raw SQL run as a named prepared statement on PostgreSQL, for the few hot statements whose planning costs more than
 * their running (the queue's hand-out: about 1 ms to plan, docs/benchmarks.md `bench:handout`). node-postgres parses a
 * named statement once per connection and then only binds and executes it, and after five executions PostgreSQL keeps a
 * generic plan when it costs no more than the custom ones. The name is a digest of the statement's text, so every
 * shape a caller builds (a kind, a group or none) is its own statement and one name never meets two texts. PGlite runs
 * it as any other query (it prepares nothing across calls).
 */
import { createHash } from "node:crypto"
import type { Query, SQL } from "drizzle-orm"
import { PgDialect } from "drizzle-orm/pg-core"
import type { Db } from "./db"

const dialect = new PgDialect()

interface Compiled {
  readonly query: Query
  readonly name: string
}

const compile = (query: SQL): Compiled => {
  const built = dialect.sqlToQuery(query)
  return { query: built, name: `p_${createHash("sha1").update(built.sql).digest("base64url")}` }
}

const run = (db: Db, { query, name }: Compiled, values: Record<string, unknown> = {}): Promise<unknown> =>
  db._.session.prepareQuery(query, undefined, name, false).execute(values)

/** `db.execute(query)`, the same result (`rowsOf` reads it), planned once per connection on PostgreSQL. */
export const executePrepared = (db: Db, query: SQL): Promise<unknown> => run(db, compile(query))

/** How many shapes one `preparedByShape` keeps compiled (the least recently used goes first). */
const SHAPES_KEPT = 1000

/**
 * A prepared statement (as `executePrepared`) built and compiled once per shape instead of at every call: `build` makes
 * it for a shape (the inputs its text depends on: a tenant, a kind, a group), with `sql.placeholder(name)` where a value
 * changes from call to call, and a call binds `values` to those names. `key` names the shape; `undefined` when it is
 * not worth keeping (built for that call only). Building a drizzle SQL tree and compiling it allocates more than the
 * statement's own round trip (the hand-out's most of its garbage, whose collections were its slowest decisions).
 *
 * A kept shape's own values (its tenant, kind, group, the constants it names) are written into the text as literals; only
 * the placeholders stay parameters. They are the same for every call of the shape anyway, and a generic plan that
 * sees `client_id = $1` estimates a third of the agents for a tenant that has nearly all of them: after its five
 * custom plans PostgreSQL kept one that sorted all 1,000 agents' loads with a cap sub-select each (3.1 ms) instead of
 * reading the first of the load index (0.3 ms). A shape's values are numbers, booleans, strings and nulls, which
 * drizzle writes as literals (strings quoted, quotes doubled); nothing a caller typed is a shape.
 */
export const preparedByShape = <S>(key: (shape: S) => string | undefined, build: (shape: S) => SQL) => {
  const kept = new Map<string, Compiled>()
  return (db: Db, shape: S, values: Record<string, unknown>): Promise<unknown> => {
    const k = key(shape)
    // Not kept: its values stay parameters, so its text (and its prepared statement on each connection) is one.
    if (k === undefined) return run(db, compile(build(shape)), values)
    let compiled = kept.get(k)
    if (compiled) kept.delete(k)
    else compiled = compile(build(shape).inlineParams())
    kept.set(k, compiled)
    if (kept.size > SHAPES_KEPT) kept.delete(kept.keys().next().value as string)
    return run(db, compiled, values)
  }
}
