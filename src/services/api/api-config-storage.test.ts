import { Effect, Option, Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { makeRecordingShell } from "../browser/browser-shell"
import { ApiConfig, ensureClientToken, makeApiConfig, urlOf } from "./config"
import { resetSession } from "../browser/session-reset"
import { BrowserShell } from "../browser/browser-shell"
import { makeMemoryStorage, Storage, type ExternalChange } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"
import { HttpLive } from "./api"
import { startTestServer, type TestServer } from "./api-test-server.testing"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const loadConfig = () =>
  Effect.runPromise(Effect.service(ApiConfig).pipe(Effect.provide(ApiConfig.layerFromServer(server.origin)), Effect.provide(HttpLive)))

describe("ApiConfig", () => {
  it("defaults to /api and /rt on the origin", () => {
    const config = makeApiConfig({ origin: "http://host:1" })
    expect([config.apiBase, config.rtBase]).toEqual(["/api", "/rt"])
    expect(urlOf(config, "api", "/auth/user")).toBe("http://host:1/api/auth/user")
    expect(urlOf(config, "socket", "/messages/send/text")).toBe("http://host:1/rt/messages/send/text")
  })

  it("loads GET /console-config.json", async () => {
    server.on("GET /console-config.json", {
      body: { apiBase: "/backend-api", rtBase: "http://rt.example:9/rt", publicClientToken: "PUB" },
    })
    const config = await loadConfig()
    expect(server.seen.map((r) => r.path)).toEqual(["/console-config.json"])
    expect([config.apiBase, config.rtBase, config.origin]).toEqual(["/backend-api", "http://rt.example:9/rt", server.origin])
    expect(config.publicClientToken).toEqual(Option.some("PUB"))
    expect(urlOf(config, "socket", "/chat/update/1")).toBe("http://rt.example:9/rt/chat/update/1")
  })

  it("falls back to the defaults when the file is missing or malformed", async () => {
    server.on("GET /console-config.json", { status: 404, body: { error: { code: "NOT_FOUND", message: "no" } } })
    const missing = await loadConfig()
    expect([missing.apiBase, missing.rtBase, Option.isNone(missing.publicClientToken)]).toEqual(["/api", "/rt", true])
    server.on("GET /console-config.json", { body: { apiBase: 42 } })
    expect((await loadConfig()).apiBase).toBe("/api")
  })

  it("ensureClientToken stores the public client token only when none is stored", async () => {
    const run = (initial: Record<string, string>) => {
      const memory = makeMemoryStorage(initial)
      return Effect.runPromise(
        ensureClientToken.pipe(
          Effect.provide(ApiConfig.layer({ origin: "http://x", publicClientToken: "PUB" })),
          Effect.provide(Storage.layerFrom(memory)),
        ),
      ).then(() => memory.snapshot())
    }
    expect(await run({})).toEqual({ client_token: "PUB" })
    expect(await run({ client_token: "MINE" })).toEqual({ client_token: "MINE" })
  })
})

describe("Storage (memory layer)", () => {
  it("gets, sets, removes and clears string keys", () => {
    const memory = makeMemoryStorage({ a: "1" })
    const s = memory.service
    expect(Effect.runSync(s.get("a"))).toEqual(Option.some("1"))
    Effect.runSync(s.set("b", "2"))
    Effect.runSync(s.remove("a"))
    expect(memory.snapshot()).toEqual({ b: "2" })
    expect(Effect.runSync(s.get("a"))).toEqual(Option.none())
    Effect.runSync(s.clear)
    expect(memory.snapshot()).toEqual({})
  })

  it("reads JSON through a schema; bad JSON or a wrong shape reads as absent", () => {
    const memory = makeMemoryStorage()
    const s = memory.service
    const UserData = Schema.Struct({ id: Schema.Number, client_id: Schema.Number })
    Effect.runSync(s.setJson(StorageKeys.userData, { id: 3, client_id: 1 }))
    expect(memory.snapshot()[StorageKeys.userData]).toBe('{"id":3,"client_id":1}')
    expect(Effect.runSync(s.getJson(StorageKeys.userData, UserData))).toEqual(Option.some({ id: 3, client_id: 1 }))
    Effect.runSync(s.set(StorageKeys.userData, "{not json"))
    expect(Option.isNone(Effect.runSync(s.getJson(StorageKeys.userData, UserData)))).toBe(true)
    Effect.runSync(s.set(StorageKeys.userData, '{"id":"x"}'))
    expect(Option.isNone(Effect.runSync(s.getJson(StorageKeys.userData, UserData)))).toBe(true)
  })

  it("tells watchers about other tabs' changes until the scope closes", async () => {
    const memory = makeMemoryStorage({ user_token: "T" })
    const seen: ExternalChange[] = []
    await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          yield* memory.service.watchExternal((change) => seen.push(change))
          memory.externalChange(StorageKeys.userToken, null)
        }),
      ),
    )
    memory.externalChange(StorageKeys.online, "true")
    expect(seen).toEqual([{ key: "user_token", newValue: null }])
    expect(memory.snapshot()).toEqual({ online: "true" })
  })

  it("keys are the wire names of CONTEXT.md", () => {
    expect(StorageKeys).toMatchObject({
      clientToken: "client_token",
      userToken: "user_token",
      userAcl: "user_acl",
      backAcl: "back_acl",
      userData: "user_data",
      user: "user",
      loginId: "login_id",
      online: "online",
      enableCallTone: "EnableCallTone",
      activeCallId: "activeCallId",
      activeOutgoingCallId: "activeOutgoingCallId",
      incomingCalls: "incomingCalls",
      language: "i18nextLng",
    })
  })
})

describe("resetSession", () => {
  it("alerts, then clears storage, then reloads", async () => {
    const memory = makeMemoryStorage({ user_token: "T", online: "true" })
    const shell = makeRecordingShell()
    let storageAtAlert: Record<string, string> = {}
    const watching = {
      ...shell.service,
      alert: (m: string) => Effect.sync(() => (storageAtAlert = memory.snapshot())).pipe(Effect.andThen(shell.service.alert(m))),
    }
    await Effect.runPromise(
      resetSession("bye").pipe(Effect.provideService(BrowserShell, watching), Effect.provide(Storage.layerFrom(memory))),
    )
    expect(storageAtAlert).toEqual({ user_token: "T", online: "true" })
    expect(shell.events).toEqual([{ kind: "alert", message: "bye" }, { kind: "reload" }])
    expect(memory.snapshot()).toEqual({})
  })
})
