/**
 * Loads every feature module under server/features (files exporting `handlers` / `socketFeatures`), never tests, their
 * helpers or a `dev/` folder (server/dev/ is the app's to load, on development servers only).
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import type { FeatureModule, Handler, HttpRoutes } from "../core/registry"
import type { SocketFeature } from "../realtime/socket"
import type { JobHandler, Schedule } from "../core/jobs"
import { installHooks } from "../core/hooks"

const root = fileURLToPath(new URL(".", import.meta.url))
const SKIP = new Set(["load.ts"])

/** Folders of code that production never loads: development servers' simulators and hooks, test plumbing. */
const NOT_FEATURES = new Set(["dev", "testing"])
/** Tests and their helpers (`*.testing.ts` may import vitest, a devDependency), declarations, `_` files. */
const NOT_MODULES = /(\.test\.ts|\.spec\.ts|\.testing\.ts|\.d\.ts)$/

/** Feature modules only: a production start (`npm ci --omit=dev`) must load no test code and no development code. */
const isFeatureFile = (name: string) => name.endsWith(".ts") && !NOT_MODULES.test(name) && !SKIP.has(name) && !name.startsWith("_")

const featureFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return NOT_FEATURES.has(entry.name) ? [] : featureFiles(path)
    return isFeatureFile(entry.name) ? [path] : []
  })

export interface Features {
  readonly handlers: ReadonlyMap<string, Handler>
  readonly socketFeatures: readonly SocketFeature[]
  readonly httpRoutes: readonly HttpRoutes[]
  readonly jobHandlers: readonly JobHandler[]
  readonly schedules: readonly Schedule[]
}

let cached: Promise<Features> | null = null

export const loadFeatures = (): Promise<Features> => {
  cached ??= (async () => {
    const handlers = new Map<string, Handler>()
    const socketFeatures: SocketFeature[] = []
    const httpRoutes: HttpRoutes[] = []
    const jobHandlers: JobHandler[] = []
    const schedules: Schedule[] = []
    for (const file of featureFiles(root).sort()) {
      const mod = (await import(pathToFileURL(file).href)) as FeatureModule
      for (const handler of mod.handlers ?? []) {
        if (handlers.has(handler.key)) throw new Error(`Two handlers for ${handler.key} (second in ${file})`)
        handlers.set(handler.key, handler)
      }
      socketFeatures.push(...(mod.socketFeatures ?? []))
      httpRoutes.push(...(mod.httpRoutes ?? []))
      for (const job of mod.jobHandlers ?? []) {
        if (jobHandlers.some((j) => j.kind === job.kind)) throw new Error(`Two job handlers for ${job.kind} (second in ${file})`)
        jobHandlers.push(job)
      }
      schedules.push(...(mod.schedules ?? []))
      installHooks(mod.hooks ?? [])
    }
    return { handlers, socketFeatures, httpRoutes, jobHandlers, schedules }
  })()
  return cached
}
