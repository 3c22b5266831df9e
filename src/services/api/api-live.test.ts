import { Effect, Exit, ManagedRuntime, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defineGroup } from "../../contract/call"
import { Data } from "../../contract/schemas/common"
import { ApiLive } from "./api"
import { makeCall } from "./api-client"
import { ensureClientToken } from "./config"
import { Storage, type ExternalChange } from "../browser/storage"
import { startTestServer, type TestServer } from "./api-test-server.testing"

/** ApiLive as the browser builds it, over a stand-in `window` (localStorage, location, alert, storage events). */
const store = new Map<string, string>()
const alerts: string[] = []
let reloads = 0
const listeners = new Set<(event: unknown) => void>()
const localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  ;(globalThis as any).window = {
    localStorage,
    location: { origin: server.origin, reload: () => void reloads++ },
    alert: (message: string) => void alerts.push(message),
    addEventListener: (type: string, listener: (event: unknown) => void) => type === "storage" && listeners.add(listener),
    removeEventListener: (type: string, listener: (event: unknown) => void) => type === "storage" && listeners.delete(listener),
  }
})
afterAll(async () => {
  delete (globalThis as any).window
  await server.close()
})

const t = defineGroup(
  "t",
  { title: "Test", permission: null },
  {
    ping: {
      method: "POST",
      path: "/ping",
      request: Schema.Struct({}),
      response: Data(Schema.Struct({ ok: Schema.Boolean })),
    },
  },
)

describe("ApiLive (browser composition)", () => {
  it("reads /console-config.json from the page origin, uses window.localStorage, alerts and reloads through window", async () => {
    server.on("GET /console-config.json", {
      body: { apiBase: "/backend", rtBase: "/realtime", publicClientToken: "PUBLIC" },
    })
    server.on("POST /backend/ping", { status: 401, body: { error: { code: "SESSION_REPLACED", message: "x" } } })
    const runtime = ManagedRuntime.make(ApiLive)
    await runtime.runPromise(ensureClientToken)
    expect(store.get("client_token")).toBe("PUBLIC")
    store.set("user_token", "U")
    const exit = await runtime.runPromiseExit(Effect.flatMap(makeCall({ t }), (call) => call("t", "ping", {})))
    expect(Exit.isFailure(exit)).toBe(true)
    expect(server.seen.map((r) => `${r.method} ${r.path} ${r.headers["user-token"] ?? "-"}`)).toEqual([
      "GET /console-config.json -",
      "POST /backend/ping U",
    ])
    expect(alerts).toEqual(["You are already logged in on a different device. Please wait for a few minutes, and try again."])
    expect(reloads).toBe(1)
    expect(store.size).toBe(0)

    const changes: ExternalChange[] = []
    await runtime.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const storage = yield* Storage
          yield* storage.watchExternal((change) => changes.push(change))
          for (const listener of listeners) {
            listener({ storageArea: {}, key: "user_token", newValue: null })
            listener({ storageArea: localStorage, key: "user_token", newValue: null })
          }
        }),
      ),
    )
    expect(changes).toEqual([{ key: "user_token", newValue: null }])
    expect(listeners.size).toBe(0)
    await runtime.dispose()
  })
})
