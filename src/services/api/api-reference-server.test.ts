import { Effect, Exit, Layer, ManagedRuntime, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../../../server/testing/test-server"
import { Api, apiTestLayer, HttpLive } from "./api"
import { makeRecordingShell } from "../browser/browser-shell"
import { ApiConfig, ensureClientToken } from "./config"
import { makeMemoryStorage, Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"
import { errorOf, successOf } from "./api-harness.testing"

/** The client against the reference server (PGlite copy of the demo world): the two sides agree on the wire. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 180_000)
afterAll(() => server?.stop())

const browserTab = (initial: Record<string, string> = {}) => {
  const storage = makeMemoryStorage(initial)
  const shell = makeRecordingShell()
  const runtime = ManagedRuntime.make(apiTestLayer({ config: { origin: server.url }, storage, shell }))
  const run = <A, E>(program: (api: Api["Service"]) => Effect.Effect<A, E>) =>
    runtime.runPromiseExit(Effect.flatMap(Effect.service(Api), program))
  return { storage, shell, runtime, run }
}

const loginIn = async (tab: ReturnType<typeof browserTab>, username: string) => {
  const body = successOf(await tab.run((api) => api.call("auth", "authUser", { username, password: "demo1234" })))
  Effect.runSync(tab.storage.service.set(StorageKeys.userToken, body.user_token))
  Effect.runSync(tab.storage.service.set(StorageKeys.clientToken, body.client_token))
  return body
}

describe("against the reference server", () => {
  it("reads the server's /console-config.json and stores its public client token", async () => {
    const storage = makeMemoryStorage()
    const layer = Layer.mergeAll(ApiConfig.layerFromServer(server.url), Storage.layerFrom(storage)).pipe(Layer.provide(HttpLive))
    const config = await Effect.runPromise(Effect.andThen(ensureClientToken, Effect.service(ApiConfig)).pipe(Effect.provide(layer)))
    expect([config.apiBase, config.rtBase]).toEqual(["/api", "/rt"])
    expect(config.publicClientToken._tag).toBe("Some")
    expect(Option.some(storage.snapshot()[StorageKeys.clientToken])).toEqual(config.publicClientToken)
  })

  it("logs in (credential none), decodes the login body, then makes user-token calls", async () => {
    const tab = browserTab()
    const body = await loginIn(tab, "agent1")
    expect(body.user_acl["FRONT:/apps/call-history"]).toBe(true)
    expect(body.user_data.client_id).toBe(1)
    const layout = await tab.run((api) => api.call("layout", "userLayout", {}))
    expect(Exit.isSuccess(layout)).toBe(true)
    await tab.runtime.dispose()
  })

  it("a wrong password is an HttpFailure 401 for the login form, with no alert and no reload", async () => {
    const tab = browserTab({ [StorageKeys.language]: "tr" })
    const error = errorOf(await tab.run((api) => api.call("auth", "authUser", { username: "admin", password: "wrong-password" })))
    expect([error._tag, error.status]).toEqual(["HttpFailure", 401])
    expect(tab.shell.events).toEqual([])
    expect(tab.storage.snapshot()).toEqual({ [StorageKeys.language]: "tr" })
    await tab.runtime.dispose()
  })

  it("a newer login elsewhere ends this session: SESSION_REPLACED, the replaced-session alert, storage cleared, reload", async () => {
    const first = browserTab()
    await loginIn(first, "agent2")
    const second = browserTab()
    await loginIn(second, "agent2")
    const error = errorOf(await first.run((api) => api.call("layout", "userLayout", {})))
    expect([error._tag, error.code]).toEqual(["Unauthorized", "SESSION_REPLACED"])
    expect(first.shell.events).toEqual([
      {
        kind: "alert",
        message: "You are already logged in on a different device. Please wait for a few minutes, and try again.",
      },
      { kind: "reload" },
    ])
    expect(first.storage.snapshot()).toEqual({})
    expect(Exit.isSuccess(await second.run((api) => api.call("layout", "userLayout", {})))).toBe(true)
    await Promise.all([first.runtime.dispose(), second.runtime.dispose()])
  })
})
