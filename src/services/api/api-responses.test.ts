import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { StorageKeys } from "../browser/storage-keys"
import { makeCall } from "./api-client"
import { Api, apiTestLayer } from "./api"
import { SESSION_EXPIRED_ALERT, SESSION_REPLACED_ALERT } from "./errors"
import { startTestServer } from "./api-test-server.testing"
import { errorOf, testCatalogue, tokens, apiHarness, successOf } from "./api-harness.testing"

/** Response side of the API client: decoding, error bodies, network failures, the 401 rule, run-time resolution. */
const h = apiHarness()

describe("responses", () => {
  it("returns the decoded body", async () => {
    h.server.on("POST /api/things/create", { status: 201, body: { data: { ok: false } } })
    expect(successOf(await h.callT("create", { name: "a" }))).toEqual({ data: { ok: false } })
  })

  it("a body that does not match the response schema is a DecodeFailure", async () => {
    h.server.on("POST /api/things/create", { body: { data: { ok: "yes" } } })
    const error = errorOf(await h.callT("create", { name: "a" }))
    expect(error._tag).toBe("DecodeFailure")
    expect(error.status).toBe(200)
    expect([error.group, error.name]).toEqual(["t", "create"])
  })

  it("a 2xx body that is not JSON is a DecodeFailure", async () => {
    h.server.on("POST /api/things/create", { text: "<html>oops</html>" })
    expect(errorOf(await h.callT("create", { name: "a" }))._tag).toBe("DecodeFailure")
  })

  it("4xx: the server's error body reaches the caller, nothing else happens", async () => {
    h.server.on("POST /api/things/create", {
      status: 409,
      body: { error: { code: "CONFLICT", message: "name exists", field: "name" } },
    })
    const error = errorOf(await h.callT("create", { name: "a" }))
    expect(error._tag).toBe("HttpFailure")
    expect({ status: error.status, code: error.code, message: error.message, field: error.field }).toEqual({
      status: 409,
      code: "CONFLICT",
      message: "name exists",
      field: "name",
    })
    expect(h.shell.events).toEqual([])
    expect(h.storage.snapshot()).toEqual(tokens)
  })

  it("5xx without an error body still fails with HttpFailure carrying the text", async () => {
    h.server.on("POST /api/things/create", { status: 502, text: "bad gateway" })
    const error = errorOf(await h.callT("create", { name: "a" }))
    expect([error._tag, error.status, error.code, error.message]).toEqual(["HttpFailure", 502, "HTTP_502", "bad gateway"])
  })

  it("no server: NetworkFailure", async () => {
    const gone = await startTestServer()
    await gone.close()
    const exit = await Effect.runPromiseExit(
      makeCall(testCatalogue).pipe(
        Effect.flatMap((call) => call("t", "create", { name: "a" })),
        Effect.provide(apiTestLayer({ config: { origin: gone.origin }, storage: h.storage, shell: h.shell })),
      ),
    )
    expect(errorOf(exit)._tag).toBe("NetworkFailure")
  })
})

describe("HTTP 401", () => {
  it("a user call alerts the replaced-session text, clears storage, reloads, and fails with Unauthorized", async () => {
    h.server.on("POST /api/things/create", {
      status: 401,
      body: { error: { code: "SESSION_REPLACED", message: "replaced" } },
    })
    const error = errorOf(await h.callT("create", { name: "a" }))
    expect(error._tag).toBe("Unauthorized")
    expect(error.code).toBe("SESSION_REPLACED")
    expect(error.message).toBe("You are already logged in on a different device. Please wait for a few minutes, and try again.")
    expect(h.shell.events).toEqual([{ kind: "alert", message: SESSION_REPLACED_ALERT }, { kind: "reload" }])
    expect(h.storage.snapshot()).toEqual({})
  })

  for (const name of ["clientCall", "keyCall"] as const) {
    it(`a customer-style call (${name}) alerts the expired-session text, clears storage and reloads`, async () => {
      h.server.on(name === "clientCall" ? "POST /api/client/thing" : "POST /api/key/thing", {
        status: 401,
        body: { error: { code: "TOKEN_EXPIRED", message: "x" } },
      })
      const error = errorOf(await h.callT(name, {}))
      expect(error._tag).toBe("Unauthorized")
      expect(h.shell.events).toEqual([
        { kind: "alert", message: "Your session has expired please try to login in again" },
        { kind: "reload" },
      ])
      expect(SESSION_EXPIRED_ALERT).toBe("Your session has expired please try to login in again")
      expect(h.storage.snapshot()).toEqual({})
    })
  }

  it("several calls answering 401 on one page alert once; a new page load alerts again", async () => {
    h.server.on("POST /api/things/create", { status: 401, body: { error: { code: "TOKEN_EXPIRED", message: "x" } } })
    const exit = await Effect.runPromiseExit(
      makeCall(testCatalogue).pipe(
        Effect.flatMap((call) =>
          Effect.all(
            [1, 2, 3, 4].map(() => Effect.exit(call("t", "create", { name: "a" }))),
            { concurrency: "unbounded" },
          ),
        ),
        Effect.provide(h.layer()),
      ),
    )
    const results = successOf(exit)
    expect(results.map((r) => errorOf(r)._tag)).toEqual(["Unauthorized", "Unauthorized", "Unauthorized", "Unauthorized"])
    expect(h.server.seen).toHaveLength(4)
    expect(h.shell.events).toEqual([{ kind: "alert", message: SESSION_REPLACED_ALERT }, { kind: "reload" }])
    h.shell.pageLoaded()
    Effect.runSync(h.storage.service.set(StorageKeys.userToken, "U2"))
    errorOf(await h.callT("create", { name: "a" }))
    expect(h.shell.events).toEqual([{ kind: "alert", message: SESSION_REPLACED_ALERT }, { kind: "reload" }])
  })

  it("a call without credential (login) answering 401 is an ordinary HttpFailure: no alert, storage kept", async () => {
    h.server.on("POST /api/open/thing", {
      status: 401,
      body: { error: { code: "BAD_CREDENTIALS", message: "wrong password" } },
    })
    const error = errorOf(await h.callT("openCall", {}))
    expect([error._tag, error.status, error.code]).toEqual(["HttpFailure", 401, "BAD_CREDENTIALS"])
    expect(h.shell.events).toEqual([])
    expect(h.storage.snapshot()).toEqual(tokens)
  })
})

describe("resolution at run time (the real catalogue)", () => {
  const callApi = (group: string, name: string) =>
    Effect.runPromiseExit(
      Effect.flatMap(Effect.service(Api), (api) =>
        (api.call as (g: string, n: string) => Effect.Effect<unknown, unknown>)(group, name),
      ).pipe(Effect.provide(h.layer())),
    )

  it("an unknown group fails with 'Failed to resolve api [group]'", async () => {
    const error = errorOf(await callApi("nope", "authUser"))
    expect([error._tag, error.message]).toEqual(["UnresolvedApi", "Failed to resolve api [nope]"])
    expect(h.server.seen).toHaveLength(0)
  })

  it("an unknown name fails with 'Failed to resolve api call [name]'", async () => {
    const error = errorOf(await callApi("auth", "nope"))
    expect([error._tag, error.message]).toEqual(["UnresolvedApi", "Failed to resolve api call [nope]"])
    expect(h.server.seen).toHaveLength(0)
  })

  it("inherited object keys are not calls", async () => {
    expect(errorOf(await callApi("constructor", "x")).message).toBe("Failed to resolve api [constructor]")
    expect(errorOf(await callApi("auth", "toString")).message).toBe("Failed to resolve api call [toString]")
  })
})
