/**
 * `npm start`: checks the Node.js floor, then starts the server, which prints its address and the logins last. In
 * development it first builds the console when its sources changed (quietly: Vite's output shows only when the build
 * fails). In production (NODE_ENV=production, `npm run start:prod`) it never builds: the console was built by
 * `npm run build` at install, and without it the start refuses.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { assertNodeVersion } from "../server/node-version"

assertNodeVersion()
if (process.env.NODE_ENV === "production") {
  const distDir = process.env.DIST_DIR || "dist"
  if (!existsSync(join(distDir, "index.html"))) {
    console.error(`The console is not built (${join(distDir, "index.html")} is missing): run npm run build, then start again.`)
    process.exit(1)
  }
} else {
  const { ensureBuilt, isStale } = await import("./console-build")
  if (isStale("dist")) {
    console.log("Building the console (its sources changed since the last build)...")
    ensureBuilt("dist", { quiet: true })
  }
}
await import("../server/main")
