/**
 * `npm start`: checks the Node.js floor, builds the console only when its sources changed (quietly: Vite's output
 * shows only when the build fails), then starts the server, which prints its address and the logins last.
 */
import { assertNodeVersion } from "../server/node-version"

assertNodeVersion()
const { ensureBuilt, isStale } = await import("./console-build")
if (isStale("dist")) {
  console.log("Building the console (its sources changed since the last build)...")
  ensureBuilt("dist", { quiet: true })
}
await import("../server/main")
