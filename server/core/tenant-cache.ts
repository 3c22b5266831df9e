/**
 * The one way to keep a tenant's rarely edited rows in memory (its settings, its SLA policies, whether a bot is active, its
 * IP whitelist, its roles' permission keys): one entry per database and tenant in this server process, read again once
 * older than `ttlMs` (so an edit made through another process shows within that time) and forgotten at once by this
 * process's own edits: the writer calls `forget` with its transaction, which drops the entry now and again when that
 * transaction commits.
 * A read through a transaction that edited the tenant's rows is not kept (it sees what may yet roll back), nor is a
 * read that an edit overtook.
 */
import { type Db, databaseOf, onCommitOf } from "../db/db"

export const TENANT_CACHE_TTL_MS = 500

export interface TenantCache<T> {
  /** The tenant's value: this process's entry while younger than the TTL, else read through `db` (a transaction or the database). */
  readonly get: (db: Db, clientId: number, now?: number) => Promise<T>
  /** An edit of the tenant's rows through `db`: the entry goes now and when `db`'s transaction commits. Answers how many it removed now (0 or 1). */
  readonly forget: (db: Db, clientId: number) => number
  /** An edit of a row every tenant reads (a platform row): `forget` for every tenant of `db`'s database. */
  readonly forgetEvery: (db: Db) => void
}

/** In a transaction's set of edited tenants: it edited every tenant's rows. */
const EVERY = -1

interface Entry<T> {
  readonly value: T
  readonly at: number
}

/** The named caches, for the tenant's "clear cache" call. */
const named = new Map<string, TenantCache<unknown>>()

/** Drops the tenant's entries of the named caches `names` (all when not given) in this process. */
export const forgetTenant = (
  db: Db,
  clientId: number,
  names: readonly string[] = [...named.keys()],
): { names: string[]; removed: number } => ({
  names: [...names],
  removed: names.reduce((n, name) => n + (named.get(name)?.forget(db, clientId) ?? 0), 0),
})

/** `name`: how the tenant's "clear cache" call names it (unnamed caches are not listed there). */
export const tenantCache = <T>(
  read: (db: Db, clientId: number) => Promise<T>,
  options: { ttlMs?: number; name?: string } = {},
): TenantCache<T> => {
  const ttlMs = options.ttlMs ?? TENANT_CACHE_TTL_MS
  /** One map per database (a test process runs several servers, each with its own tenants 1 and 2). */
  const entries = new WeakMap<Db, Map<number, Entry<T>>>()
  /** Per database and tenant, the read under way and the edit count it started at. */
  const flights = new WeakMap<Db, Map<number, { readonly value: Promise<T>; readonly seen: number }>>()
  /** Per database and tenant, how many edits were seen: a read that an edit overtook is not kept. */
  const edits = new WeakMap<Db, Map<number, number>>()
  /** The tenants each open transaction edited. */
  const edited = new WeakMap<Db, Set<number>>()
  const mapOf = <V>(maps: WeakMap<Db, Map<number, V>>, db: Db) => {
    const map = maps.get(db) ?? new Map<number, V>()
    maps.set(db, map)
    return map
  }
  /** Per database, how many edits of every tenant were seen. */
  const everyEdits = new WeakMap<Db, number>()
  const editsOf = (database: Db, clientId: number) => (mapOf(edits, database).get(clientId) ?? 0) + (everyEdits.get(database) ?? 0)
  const markEdited = (db: Db, database: Db, clientId: number) => {
    if (db === database) return
    const tenants = edited.get(db) ?? new Set<number>()
    edited.set(db, tenants)
    tenants.add(clientId)
  }
  const dropEvery = (database: Db) => {
    everyEdits.set(database, (everyEdits.get(database) ?? 0) + 1)
    mapOf(entries, database).clear()
  }
  const drop = (database: Db, clientId: number) => {
    const count = mapOf(edits, database)
    count.set(clientId, (count.get(clientId) ?? 0) + 1)
    return mapOf(entries, database).delete(clientId) ? 1 : 0
  }
  const cache: TenantCache<T> = {
    get: async (db, clientId, now = Date.now()) => {
      const database = databaseOf(db)
      const cache = mapOf(entries, database)
      const hit = cache.get(clientId)
      if (hit && now - hit.at < ttlMs) return hit.value
      const seen = editsOf(database, clientId)
      const editedHere = () => {
        const mine = edited.get(db)
        return mine?.has(clientId) === true || mine?.has(EVERY) === true
      }
      // Callers that miss together share one read (ten messages of a tenant at once make one), unless an edit came
      // between or this transaction edited the tenant's rows; a read that failed in its own transaction is not theirs.
      // Only a transaction's read is shared: it holds its connection, while a read through the database may wait for
      // one that a transaction sharing it holds (PGlite has one), and neither would go on.
      const reading = mapOf(flights, database)
      const flight = reading.get(clientId)
      if (flight && flight.seen === seen && !editedHere()) {
        const shared = await flight.value.then(
          (value) => ({ value }),
          () => null,
        )
        if (shared) return shared.value
      }
      const value = read(db, clientId)
      const own = { value, seen }
      if (db !== database && !editedHere()) reading.set(clientId, own)
      try {
        const answer = await value
        if (!editedHere() && editsOf(database, clientId) === seen) cache.set(clientId, { value: answer, at: now })
        return answer
      } finally {
        if (reading.get(clientId) === own) reading.delete(clientId)
      }
    },
    forget: (db, clientId) => {
      const database = databaseOf(db)
      markEdited(db, database, clientId)
      const removed = drop(database, clientId)
      onCommitOf(db, () => void drop(database, clientId))
      return removed
    },
    forgetEvery: (db) => {
      const database = databaseOf(db)
      markEdited(db, database, EVERY)
      dropEvery(database)
      onCommitOf(db, () => dropEvery(database))
    },
  }
  if (options.name) named.set(options.name, cache)
  return cache
}
