/**
 * The business the super admin's console shows, model-based (none, shown, a new business shown, the login ending),
 * and on a real actor over the tab's storage: what is shown is kept for a reload, and the end of the login forgets it.
 */
import { Effect, ManagedRuntime } from "effect"
import { describe, expect, it } from "vitest"
import { makeMemoryStorage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { TabStorage } from "../../services/browser/tab-storage"
import { type AppRuntime, createAppActor } from "../common/from-effect"
import { checkModel } from "../common/model-check.testing"
import { settle } from "../common/scripted-actors.testing"
import { businessInViewMachine, readBusinessInView } from "./business-in-view"

const acme = { id: 2, name: "Acme Trading", active: true }
const beta = { id: 3, name: "Beta Foods", active: false }

checkModel({
  name: "business in view",
  machine: businessInViewMachine,
  input: { stored: null },
  sources: ["keep", "forget", "loginWatcher"],
  states: ["none", "shown"],
  events: [{ type: "BUSINESS.VIEW", business: acme }, { type: "BUSINESS.VIEW", business: beta }, { type: "login.ended" }],
  stories: [
    [
      { type: "BUSINESS.VIEW", business: acme },
      { type: "BUSINESS.VIEW", business: acme },
      { type: "login.ended" },
      { type: "login.ended" },
      { type: "BUSINESS.VIEW", business: beta },
    ],
  ],
  key: (s) => [s.value, s.context.business?.id ?? null],
  view: (s) => ({ value: s.value, business: s.context.business }),
})

const start = (initial: Record<string, string> = {}) => {
  const memory = makeMemoryStorage(initial)
  const runtime = ManagedRuntime.make(TabStorage.layerFrom(memory)) as unknown as AppRuntime
  return { memory, runtime }
}

describe("business in view, kept for the tab", () => {
  it("keeps the business shown, and the next one, in the tab's storage", async () => {
    const { memory, runtime } = start()
    const actor = createAppActor(businessInViewMachine, { runtime, input: { stored: null } }).start()
    expect(actor.getSnapshot().context.business).toBeNull()
    actor.send({ type: "BUSINESS.VIEW", business: acme })
    await settle()
    expect(JSON.parse(memory.snapshot()[StorageKeys.businessInView] ?? "null")).toEqual(acme)
    actor.send({ type: "BUSINESS.VIEW", business: beta })
    await settle()
    expect(JSON.parse(memory.snapshot()[StorageKeys.businessInView] ?? "null")).toEqual(beta)
    actor.stop()
  })

  it("shows after a reload the business the tab kept, at once", async () => {
    const { runtime } = start({ [StorageKeys.businessInView]: JSON.stringify(acme) })
    const stored = await runtime.runPromise(readBusinessInView as Effect.Effect<typeof acme | null, never, never>)
    expect(stored).toEqual(acme)
    const actor = createAppActor(businessInViewMachine, { runtime, input: { stored } }).start()
    expect(actor.getSnapshot().matches("shown")).toBe(true)
    expect(actor.getSnapshot().context.business).toEqual(acme)
    actor.stop()
  })

  it("reads nothing from a kept value that is not a business", async () => {
    for (const kept of ["{not json", JSON.stringify({ id: "2", name: "Acme" }), JSON.stringify(null)]) {
      const { runtime } = start({ [StorageKeys.businessInView]: kept })
      expect(await runtime.runPromise(readBusinessInView as Effect.Effect<unknown, never, never>)).toBeNull()
    }
  })

  it("forgets the business, in the tab's storage too, when the login ends", async () => {
    const { memory, runtime } = start({ [StorageKeys.businessInView]: JSON.stringify(acme) })
    const actor = createAppActor(businessInViewMachine, { runtime, input: { stored: acme } }).start()
    actor.send({ type: "login.ended" })
    await settle()
    expect(actor.getSnapshot().context.business).toBeNull()
    expect(memory.snapshot()[StorageKeys.businessInView]).toBeUndefined()
    expect(await runtime.runPromise(Effect.flatMap(TabStorage, (s) => s.get(StorageKeys.businessInView)))).toMatchObject({ _tag: "None" })
    actor.stop()
  })
})
