/**
 * What one browser tab keeps across its reloads (window.sessionStorage): gone when the tab closes, never seen by other
 * tabs. The same shape as the console's lasting storage (storage.ts), so a caller reads and writes it the same way.
 */
import { Context, Layer } from "effect"
import { fromStore, type MemoryStorage, makeMemoryStorage, type StorageShape, type Subscribe } from "./storage"

// Another tab never changes this tab's session storage: there is nothing to hear.
const noExternalChanges: Subscribe = () => () => undefined

export class TabStorage extends Context.Service<TabStorage, StorageShape>()("app/TabStorage") {
  /** window.sessionStorage; read lazily so importing this module outside a browser is harmless. */
  static readonly layerBrowser: Layer.Layer<TabStorage> = Layer.sync(TabStorage, () => fromStore(window.sessionStorage, noExternalChanges))
  static readonly layerMemory = (initial: Record<string, string> = {}): Layer.Layer<TabStorage> =>
    Layer.sync(TabStorage, () => makeMemoryStorage(initial).service)
  static readonly layerFrom = (memory: MemoryStorage): Layer.Layer<TabStorage> => Layer.succeed(TabStorage, memory.service)
}
