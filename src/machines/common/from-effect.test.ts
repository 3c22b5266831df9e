import { Effect, ManagedRuntime, Schema } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { assign, createActor, setup, waitFor } from "xstate"
import { defineGroup } from "../../contract/call"
import { Data } from "../../contract/schemas/common"
import { makeCall } from "../../services/api/api-client"
import { appTestLayer } from "../../services/app-layer"
import { makeRecordingShell } from "../../services/browser/browser-shell"
import { makeMemoryStorage } from "../../services/browser/storage"
import { startTestServer, type TestServer } from "../../services/api/api-test-server.testing"
import { type AppRuntime, createAppActor, fromEffect, MissingRuntimeError } from "./from-effect"

const t = defineGroup(
  "t",
  { title: "Test", permission: null },
  {
    load: {
      method: "POST",
      path: "/load/{key}",
      request: Schema.Struct({ key: Schema.String }),
      response: Data(Schema.Struct({ n: Schema.Number })),
    },
  },
)

let server: TestServer
let finalized: string[]

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  finalized = []
})

const runtimeWith = (token: string): AppRuntime =>
  ManagedRuntime.make(
    appTestLayer({
      config: { origin: server.origin },
      storage: makeMemoryStorage({ user_token: token }),
      shell: makeRecordingShell(),
    }),
  )

const machine = setup({
  types: { context: {} as { n: number | null; error: unknown }, events: {} as { type: "CANCEL" } },
  actors: {
    load: fromEffect((input: { key: string }) =>
      makeCall({ t }).pipe(
        Effect.flatMap((call) => call("t", "load", { key: input.key })),
        Effect.map((body) => body.data.n),
        Effect.onInterrupt(() => Effect.sync(() => void finalized.push(input.key))),
      ),
    ),
  },
}).createMachine({
  context: { n: null, error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: () => ({ key: "k1" }),
        onDone: { target: "done", actions: assign({ n: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
      on: { CANCEL: "cancelled" },
    },
    done: {},
    failed: {},
    cancelled: {},
  },
})

describe("fromEffect", () => {
  it("delivers the effect's value to onDone, using the services of the runtime bound to the system", async () => {
    server.on("POST /api/load/k1", (request) => ({
      body: { data: { n: request.headers["user-token"] === "TOKEN-A" ? 1 : 2 } },
    }))
    const runtime = runtimeWith("TOKEN-A")
    const actor = createAppActor(machine, { runtime }).start()
    const snapshot = await waitFor(actor, (s) => s.status === "active" && s.value !== "loading")
    expect(snapshot.value).toBe("done")
    expect(snapshot.context.n).toBe(1)
    await runtime.dispose()
  })

  it("keeps runtimes apart per actor system", async () => {
    server.on("POST /api/load/k1", (request) => ({
      body: { data: { n: request.headers["user-token"] === "TOKEN-A" ? 1 : 2 } },
    }))
    const [a, b] = [runtimeWith("TOKEN-A"), runtimeWith("TOKEN-B")]
    const actorA = createAppActor(machine, { runtime: a }).start()
    const actorB = createAppActor(machine, { runtime: b }).start()
    const [sa, sb] = await Promise.all([waitFor(actorA, (s) => s.value === "done"), waitFor(actorB, (s) => s.value === "done")])
    expect([sa.context.n, sb.context.n]).toEqual([1, 2])
    await Promise.all([a.dispose(), b.dispose()])
  })

  it("hands a typed failure to onError unchanged", async () => {
    server.on("POST /api/load/k1", { status: 404, body: { error: { code: "NOT_FOUND", message: "no such key" } } })
    const runtime = runtimeWith("TOKEN-A")
    const actor = createAppActor(machine, { runtime }).start()
    const snapshot = await waitFor(actor, (s) => s.value === "failed")
    const error = snapshot.context.error as { _tag: string; status: number; code: string }
    expect([error._tag, error.status, error.code]).toEqual(["HttpFailure", 404, "NOT_FOUND"])
    await runtime.dispose()
  })

  it("interrupts the fiber when the invoking state is left: finalizer runs, the server sees the request aborted", async () => {
    server.on("POST /api/load/k1", { hang: true })
    const runtime = runtimeWith("TOKEN-A")
    const actor = createAppActor(machine, { runtime }).start()
    await server.waitFor(() => server.seen.length === 1)
    actor.send({ type: "CANCEL" })
    await server.waitFor(() => server.aborted.length === 1)
    expect(server.aborted).toEqual(["POST /api/load/k1"])
    expect(finalized).toEqual(["k1"])
    expect(actor.getSnapshot().value).toBe("cancelled")
    await runtime.dispose()
  })

  it("interrupts the fiber when the root actor stops", async () => {
    server.on("POST /api/load/k1", { hang: true })
    const runtime = runtimeWith("TOKEN-A")
    const actor = createAppActor(machine, { runtime }).start()
    await server.waitFor(() => server.seen.length === 1)
    actor.stop()
    await server.waitFor(() => server.aborted.length === 1)
    expect(finalized).toEqual(["k1"])
    await runtime.dispose()
  })

  it("without a bound runtime the actor fails with MissingRuntimeError and sends nothing", async () => {
    const actor = createActor(machine).start()
    const snapshot = await waitFor(actor, (s) => s.value === "failed")
    expect(snapshot.context.error).toBeInstanceOf(MissingRuntimeError)
    expect(server.seen).toHaveLength(0)
  })
})
