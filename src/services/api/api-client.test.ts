import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { StorageKeys } from "../browser/storage-keys"
import { Api } from "./api"
import { MISSING_CLIENT_TOKEN, MISSING_USER_TOKEN } from "./errors"
import { errorOf, apiHarness, successOf } from "./api-harness.testing"

/** Request side of the API client: bases, credential headers, missing tokens, path parameters, body and query. */
const h = apiHarness()

describe("bases", () => {
  it("sends ordinary paths to the API base and /messages/send/, /chat/update/ paths to the socket base", async () => {
    successOf(await h.callT("create", { name: "abc" }))
    successOf(await h.callT("sendText", { to: ["1"] }))
    successOf(await h.callT("chatUpdate", { number: "905551112233" }))
    expect(h.server.seen.map((r) => r.path)).toEqual(["/api/things/create", "/rt/messages/send/text", "/rt/chat/update/905551112233"])
  })

  it("uses configured bases, absolute ones included", async () => {
    successOf(await h.callT("create", { name: "abc" }, { apiBase: `${h.server.origin}/v2/`, rtBase: "/socket" }))
    successOf(await h.callT("sendText", {}, { apiBase: `${h.server.origin}/v2/`, rtBase: "/socket" }))
    expect(h.server.seen.map((r) => r.path)).toEqual(["/v2/things/create", "/socket/messages/send/text"])
  })

  it("takes the real catalogue's base from the contract (chat.messagesSendText goes to /rt)", async () => {
    h.server.on("POST /rt/messages/send/text", { body: { data: { message: { messages: [{ id: "wamid.X" }] } } } })
    await Effect.runPromiseExit(
      Effect.flatMap(Effect.service(Api), (api) =>
        api.call("chat", "messagesSendText", {
          type: "text",
          text: { to: ["905551112233"], message: { text: "hi" } },
        } as never),
      ).pipe(Effect.provide(h.layer())),
    )
    expect(h.server.seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /rt/messages/send/text"])
  })
})

describe("credential headers", () => {
  it("user calls send user-token only", async () => {
    successOf(await h.callT("create", { name: "a" }))
    const headers = h.server.seen[0].headers
    expect(headers["user-token"]).toBe("U-TOKEN")
    expect(headers["client-token"]).toBeUndefined()
    expect(headers["x-api-key"]).toBeUndefined()
    // Effect's trace headers are switched off: they would force CORS preflights on another backend.
    expect(headers.traceparent).toBeUndefined()
    expect(headers.b3).toBeUndefined()
  })

  it("client calls send client-token", async () => {
    successOf(await h.callT("clientCall", {}))
    expect(h.server.seen[0].headers["client-token"]).toBe("C-TOKEN")
    expect(h.server.seen[0].headers["user-token"]).toBeUndefined()
  })

  it("apiKey calls send the stored client token as x-api-key", async () => {
    successOf(await h.callT("keyCall", {}))
    expect(h.server.seen[0].headers["x-api-key"]).toBe("C-TOKEN")
    expect(h.server.seen[0].headers["client-token"]).toBeUndefined()
    expect(h.server.seen[0].headers["user-token"]).toBeUndefined()
  })

  it("credential none sends no token header even when tokens are stored", async () => {
    successOf(await h.callT("openCall", {}))
    const headers = h.server.seen[0].headers
    expect([headers["user-token"], headers["client-token"], headers["x-api-key"]]).toEqual([undefined, undefined, undefined])
  })
})

describe("missing tokens fail locally", () => {
  const cases = [
    ["create", { name: "a" }, StorageKeys.userToken, MISSING_USER_TOKEN, "user"],
    ["clientCall", {}, StorageKeys.clientToken, MISSING_CLIENT_TOKEN, "client"],
    ["keyCall", {}, StorageKeys.clientToken, MISSING_CLIENT_TOKEN, "apiKey"],
  ] as const
  for (const [name, payload, key, text, credential] of cases) {
    it(`${credential}: '${text}' and no request`, async () => {
      h.storage.service.remove(key).pipe(Effect.runSync)
      const error = errorOf(await h.callT(name, payload))
      expect(error._tag).toBe("MissingToken")
      expect(error.credential).toBe(credential)
      expect(error.message).toBe(text)
      expect(h.server.seen).toHaveLength(0)
    })
  }

  it("an empty stored token counts as missing", async () => {
    h.storage.service.set(StorageKeys.userToken, "").pipe(Effect.runSync)
    expect(errorOf(await h.callT("create", { name: "a" })).message).toBe("Cannot call remote service without user authentication token")
    expect(h.server.seen).toHaveLength(0)
  })
})

describe("path parameters, body and query", () => {
  it("substitutes {x} parameters URL-encoded and removes them from the query", async () => {
    successOf(await h.callT("getItem", { item_id: "a b/c?", q: "hi" }))
    expect(h.server.seen[0].path).toBe("/api/items/a%20b%2Fc%3F")
    expect([...h.server.seen[0].query.keys()]).toEqual(["q"])
  })

  it("substitutes a literal id segment and leaves the rest as the body", async () => {
    successOf(await h.callT("updateById", { id: 7, name: "seven" }))
    expect(h.server.seen[0].method).toBe("PUT")
    expect(h.server.seen[0].path).toBe("/api/things/update/7")
    expect(h.server.seen[0].body).toEqual({ name: "seven" })
  })

  it("fails with MissingPathParam, without a request, when a parameter has no value", async () => {
    const error = errorOf(await h.callT("chatUpdate", { number: "" }))
    expect(error._tag).toBe("MissingPathParam")
    expect(error.param).toBe("number")
    expect(h.server.seen).toHaveLength(0)
  })

  it("GET sends the payload as a query string and no body", async () => {
    successOf(await h.callT("getItem", { item_id: 1, q: "hello world", n: 3, tags: ["a", "b"] }))
    const seen = h.server.seen[0]
    expect(seen.method).toBe("GET")
    expect(seen.query.get("q")).toBe("hello world")
    expect(seen.query.get("n")).toBe("3")
    expect(seen.query.getAll("tags")).toEqual(["a", "b"])
    expect(seen.rawBody).toBe("")
  })

  it("POST sends the payload as a JSON body and no query", async () => {
    successOf(await h.callT("create", { name: "abc" }))
    const seen = h.server.seen[0]
    expect(seen.headers["content-type"]).toMatch(/^application\/json/)
    expect(seen.body).toEqual({ name: "abc" })
    expect([...seen.query.keys()]).toEqual([])
  })

  it("DELETE sends what is left after the path parameter as the body", async () => {
    successOf(await h.callT("deleteThing", { id: 9 }))
    expect(h.server.seen[0].method).toBe("DELETE")
    expect(h.server.seen[0].path).toBe("/api/things/delete/9")
    expect(h.server.seen[0].body).toEqual({})
  })

  it("a payload that breaks the request schema fails with InvalidRequest and sends nothing", async () => {
    const error = errorOf(await h.callT("create", { name: "far too long" }))
    expect(error._tag).toBe("InvalidRequest")
    expect(h.server.seen).toHaveLength(0)
  })
})
