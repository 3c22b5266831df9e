/**
 * The built console (dist/) is rebuilt only when its sources changed since the last build: `npm start` and the
 * browser suite share this rule. Sources: src/ (tests aside), index.html, vite.config.ts and the lockfile (a
 * dependency upgrade changes the bundle).
 */
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"

export const CONSOLE_SOURCES = ["src", "index.html", "vite.config.ts", "package-lock.json"]
const isTest = (name: string) => /\.test\.tsx?$|\.testing\.tsx?$/.test(name)

/** The newest modification time under `path` (0 when it does not exist). */
export const newest = (path: string): number => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path)
    .filter((name) => !isTest(name))
    .reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

export const isStale = (distDir: string, sources: readonly string[] = CONSOLE_SOURCES): boolean => {
  const built = join(distDir, "index.html")
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newest))
}

/** Builds dist/ when stale; quiet prints Vite's output only when the build fails. True when it built. */
export const ensureBuilt = (distDir: string, options: { quiet?: boolean; sources?: readonly string[] } = {}): boolean => {
  if (!isStale(distDir, options.sources)) return false
  const args = ["vite", "build", "--outDir", distDir, "--emptyOutDir", ...(options.quiet ? ["--logLevel", "warn"] : [])]
  const result = spawnSync("npx", args, { stdio: options.quiet ? "pipe" : "inherit", encoding: "utf8" })
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`)
    throw new Error(`vite build failed (exit ${result.status})`)
  }
  return true
}
