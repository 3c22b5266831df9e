/**
 * Vite writes, at every lazy import, the chunks to preload with it (`__vite__mapDeps([...])` over one table of file
 * names per chunk). In the entry chunk that is ~250 lazy imports (every feature's screens, strings and page actors):
 * 9 KiB of gzip the login route downloads and never uses. The entry's lazy imports go without the list: a screen's
 * chunk then fetches its own imports when it arrives (one more round trip on a screen's first open, nothing on later
 * ones), and chunks loaded after the entry keep their lists. docs/decisions/login-route-preload-lists.md.
 */
import type { Plugin, UserConfig } from "vite"

type Bundle = Parameters<Extract<NonNullable<Plugin["generateBundle"]>, { handler: unknown }>["handler"]>[1]
type ModulePreload = Exclude<NonNullable<NonNullable<UserConfig["build"]>["modulePreload"]>, boolean>

export const preloadTrim = (): { plugin: Plugin; modulePreload: ModulePreload } => {
  let bundle: Bundle = {}
  return {
    plugin: {
      name: "preload-trim",
      apply: "build",
      // Before Vite's own generateBundle writes the preload lists (it calls resolveDependencies below).
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => {
        const host = bundle[hostId]
        return host?.type === "chunk" && host.isEntry ? [] : deps
      },
    },
  }
}
