import { Effect, Exit, Schema } from "effect"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { defineGroup } from "../../contract/call"
import { Data } from "../../contract/schemas/common"
import { makeRecordingShell, type RecordingShell } from "../browser/browser-shell"
import { makeMemoryStorage, type MemoryStorage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"
import { makeCall } from "./api-client"
import { apiTestLayer } from "./api"
import { startTestServer, type TestServer } from "./api-test-server.testing"

/** A catalogue whose schemas these tests own, so they do not move when the real groups get designed. */
const Res = Data(Schema.Struct({ ok: Schema.Boolean }))
const Anything = Schema.Unknown
export const t = defineGroup(
  "t",
  { title: "Test", permission: null },
  {
    getItem: {
      method: "GET",
      path: "/items/{item_id}",
      response: Res,
      request: Schema.Struct({
        item_id: Schema.Union([Schema.String, Schema.Number]),
        q: Schema.optional(Schema.String),
        n: Schema.optional(Schema.Number),
        tags: Schema.optional(Schema.Array(Schema.String)),
      }),
    },
    updateById: {
      method: "PUT",
      path: "/things/update/id",
      request: Schema.Struct({ id: Schema.Number, name: Schema.String }),
      response: Res,
    },
    deleteThing: {
      method: "DELETE",
      path: "/things/delete/{id}",
      request: Schema.Struct({ id: Schema.Number }),
      response: Res,
    },
    create: {
      method: "POST",
      path: "/things/create",
      request: Schema.Struct({ name: Schema.String.check(Schema.isMaxLength(5)) }),
      response: Res,
    },
    clientCall: { method: "POST", path: "/client/thing", credential: "client", request: Anything, response: Res },
    keyCall: { method: "POST", path: "/key/thing", credential: "apiKey", request: Anything, response: Res },
    openCall: { method: "POST", path: "/open/thing", credential: "none", request: Anything, response: Res },
    sendText: { method: "POST", path: "/messages/send/text", request: Anything, response: Res },
    chatUpdate: {
      method: "PUT",
      path: "/chat/update/{number}",
      request: Schema.Struct({ number: Schema.String }),
      response: Res,
    },
  },
)
export const testCatalogue = { t }

export const tokens = {
  [StorageKeys.userToken]: "U-TOKEN",
  [StorageKeys.clientToken]: "C-TOKEN",
  [StorageKeys.userAcl]: "{}",
}

export const errorOf = (exit: Exit.Exit<unknown, unknown>): any => {
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
  if (failure?._tag !== "Fail") throw new Error(`expected a typed failure, got ${String(exit.cause)}`)
  return failure.error
}
export const successOf = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isFailure(exit)) throw new Error(`expected success, got ${String(exit.cause)}`)
  return exit.value
}

type Bases = { apiBase?: string; rtBase?: string }

/**
 * Registers the hooks of a suite against a real local server: one server per file, fresh memory storage (holding
 * `tokens`) and a fresh recording shell per test.
 */
export const apiHarness = () => {
  let server: TestServer | null = null
  let storage = makeMemoryStorage(tokens)
  let shell = makeRecordingShell()
  const h = {
    /** The suite's server, started before the first test. */
    get server(): TestServer {
      if (!server) throw new Error("apiHarness: the server starts in beforeAll; read it inside a test")
      return server
    },
    get storage(): MemoryStorage {
      return storage
    },
    get shell(): RecordingShell {
      return shell
    },
    layer: (config: Bases = {}) => apiTestLayer({ config: { origin: h.server.origin, ...config }, storage, shell }),
    /** Runs a call of the test catalogue and returns its Exit. */
    callT: (name: keyof typeof t.calls, payload?: unknown, config?: Bases) =>
      Effect.runPromiseExit(
        makeCall(testCatalogue).pipe(
          Effect.flatMap((call) => (call as (g: string, n: string, p?: unknown) => Effect.Effect<unknown, unknown>)("t", name, payload)),
          Effect.provide(h.layer(config)),
        ),
      ),
  }
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())
  beforeEach(() => {
    h.server.reset()
    storage = makeMemoryStorage(tokens)
    shell = makeRecordingShell()
  })
  return h
}
