/**
 * The Node.js floor, read from package.json's `engines.node` (the one place it is written) and checked before the
 * server's dependencies load: 20.19 is where Node runs ES modules through require() (content-disposition 3 and
 * cookie 2, loaded that way by @fastify/static and Fastify's inject, declare Node 22 but run there) and what Vite 8
 * asks for. Below it the start stops with one clear line instead of a stack trace from deep inside a dependency.
 */
import { readFileSync } from "node:fs"

const parts = (version: string) => version.replace(/^v/, "").split(".").map(Number)

/** The lowest version `>=X.Y[.Z]` allows. */
export const floorOf = (range: string): string => {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim())
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y", not ${JSON.stringify(range)}`)
  return match[1]
}

export const isAtLeast = (version: string, floor: string): boolean => {
  const [a, b] = [parts(version), parts(floor)]
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0)
  return true
}

export const requiredNode = (): string => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines: { node: string } }
  return floorOf(manifest.engines.node)
}

/** Stops the process when this Node is older than package.json allows. */
export const assertNodeVersion = (version = process.versions.node) => {
  const floor = requiredNode()
  if (isAtLeast(version, floor)) return
  console.error(`This project needs Node.js ${floor} or newer (22 LTS recommended); this is Node.js ${version}.`)
  process.exit(1)
}
