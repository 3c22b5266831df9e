/**
 * The development hooks' per-start key for the CLI scripts (server/dev/access.ts): DEV_KEY, else the key the
 * running `npm start` wrote to DATA_DIR/dev-key (./data). Sent as `x-dev-key`.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

export const devKeyHeaders = (): Record<string, string> => {
  const file = join(process.env.DATA_DIR ?? "./data", "dev-key")
  const key = process.env.DEV_KEY || (existsSync(file) ? readFileSync(file, "utf8").trim() : "")
  if (!key) {
    console.error(`No development key: start the server with npm start (it writes ${file}) or set DEV_KEY to the key it printed.`)
    process.exit(2)
  }
  return { "x-dev-key": key }
}
