/** A lazy group (the console's catalogue, src/contract/lazy-catalogue.ts) loads at its first call; a failed load is that call's failure. */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { makeCall } from "./api-client"
import { apiHarness, errorOf, successOf, t } from "./api-harness.testing"

const h = apiHarness()
type Untyped = (group: string, name: string, payload?: unknown) => Effect.Effect<unknown, unknown>

const run = (source: Parameters<typeof makeCall>[0], calls: readonly [string, string, unknown][]) =>
  Effect.runPromise(
    makeCall(source).pipe(
      Effect.flatMap((call) => Effect.forEach(calls, ([group, name, payload]) => Effect.exit((call as Untyped)(group, name, payload)))),
      Effect.provide(h.layer()),
    ),
  )

describe("lazy groups", () => {
  it("load at the group's first call and then call as an eager group does", async () => {
    let loads = 0
    const lazy = {
      t: () =>
        Promise.resolve(t).then((group) => {
          loads++
          return group
        }),
    }
    const [first, second] = await run(lazy, [
      ["t", "create", { name: "a" }],
      ["t", "create", { name: "b" }],
    ])
    successOf(first)
    successOf(second)
    expect(h.server.seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/things/create", "POST /api/things/create"])
    expect(loads).toBeGreaterThan(0)
  })

  it("a group whose chunk fails to load fails the call as a NetworkFailure and sends nothing", async () => {
    const [exit] = await run({ t: () => Promise.reject(new Error("chunk 404")) }, [["t", "create", { name: "a" }]])
    expect(errorOf(exit)._tag).toBe("NetworkFailure")
    expect(errorOf(exit).message).toContain("[t]")
    expect(h.server.seen).toEqual([])
  })

  it("an unknown group or call is still the spec's resolve failure, without loading anything", async () => {
    const [group, name] = await run({ t: () => Promise.resolve(t) }, [
      ["nope", "create", {}],
      ["t", "nope", {}],
    ])
    expect(errorOf(group).message).toBe("Failed to resolve api [nope]")
    expect(errorOf(name).message).toBe("Failed to resolve api call [nope]")
    expect(h.server.seen).toEqual([])
  })
})
