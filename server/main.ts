/**
 * `npm start` (through scripts/start.ts) and `npm run dev:server`: the Node.js floor is checked before any
 * dependency loads (server/node-version.ts), then server/serve.ts starts everything.
 */
import { assertNodeVersion } from "./node-version"

assertNodeVersion()
await import("./serve")
