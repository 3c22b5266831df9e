import { Context, Effect, Layer, Option, Schema, type Scope } from "effect"

/** A change made by another tab (the browser's `storage` event); key null means the other tab cleared everything. */
export interface ExternalChange {
  readonly key: string | null
  readonly newValue: string | null
}

export interface StorageShape {
  readonly get: (key: string) => Effect.Effect<Option.Option<string>>
  readonly set: (key: string, value: string) => Effect.Effect<void>
  readonly remove: (key: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** None when the key is absent or its value is not JSON of the schema's shape (a stale or hand-edited value). */
  readonly getJson: <T>(key: string, schema: Schema.ConstraintDecoder<T>) => Effect.Effect<Option.Option<T>>
  readonly setJson: (key: string, value: unknown) => Effect.Effect<void>
  /** Listens to changes made by other tabs until the scope closes (cross-tab logout). */
  readonly watchExternal: (listener: (change: ExternalChange) => void) => Effect.Effect<void, never, Scope.Scope>
}

/** The minimal synchronous store the layers wrap: window.localStorage, window.sessionStorage or a Map. */
export interface SyncStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  clear(): void
}

export type Subscribe = (listener: (change: ExternalChange) => void) => () => void

const decodeJson = <T>(raw: string, schema: Schema.ConstraintDecoder<T>): Option.Option<T> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return Option.none()
  }
  const decode = Schema.decodeUnknownExit(schema)
  const exit = decode(parsed)
  return exit._tag === "Success" ? Option.some(exit.value) : Option.none()
}

// A storage quota or privacy-mode exception is a defect: nothing a caller could do about it differs per call.
export const fromStore = (store: SyncStore, subscribe: Subscribe): StorageShape => ({
  get: (key) => Effect.sync(() => Option.fromNullishOr(store.getItem(key))),
  set: (key, value) => Effect.sync(() => store.setItem(key, value)),
  remove: (key) => Effect.sync(() => store.removeItem(key)),
  clear: Effect.sync(() => store.clear()),
  getJson: (key, schema) =>
    Effect.sync(() => {
      const raw = store.getItem(key)
      return raw === null ? Option.none() : decodeJson(raw, schema)
    }),
  setJson: (key, value) => Effect.sync(() => store.setItem(key, JSON.stringify(value))),
  watchExternal: (listener) =>
    Effect.acquireRelease(
      Effect.sync(() => subscribe(listener)),
      (unsubscribe) => Effect.sync(unsubscribe),
    ).pipe(Effect.asVoid),
})

/** An in-memory store plus a way to play "another tab changed this key" in tests. */
export interface MemoryStorage {
  readonly service: StorageShape
  readonly snapshot: () => Record<string, string>
  readonly externalChange: (key: string | null, newValue: string | null) => void
}

export const makeMemoryStorage = (initial: Record<string, string> = {}): MemoryStorage => {
  const map = new Map(Object.entries(initial))
  const listeners = new Set<(change: ExternalChange) => void>()
  const store: SyncStore = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  }
  const subscribe: Subscribe = (listener) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  return {
    service: fromStore(store, subscribe),
    snapshot: () => Object.fromEntries(map),
    externalChange: (key, newValue) => {
      if (key === null) map.clear()
      else if (newValue === null) map.delete(key)
      else map.set(key, newValue)
      for (const listener of listeners) listener({ key, newValue })
    },
  }
}

const browserSubscribe: Subscribe = (listener) => {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === window.localStorage) listener({ key: event.key, newValue: event.newValue })
  }
  window.addEventListener("storage", onStorage)
  return () => window.removeEventListener("storage", onStorage)
}

export class Storage extends Context.Service<Storage, StorageShape>()("app/Storage") {
  /** window.localStorage; read lazily so importing this module outside a browser is harmless. */
  static readonly layerBrowser: Layer.Layer<Storage> = Layer.sync(Storage, () => fromStore(window.localStorage, browserSubscribe))
  static readonly layerMemory = (initial: Record<string, string> = {}): Layer.Layer<Storage> =>
    Layer.sync(Storage, () => makeMemoryStorage(initial).service)
  static readonly layerFrom = (memory: MemoryStorage): Layer.Layer<Storage> => Layer.succeed(Storage, memory.service)
}
