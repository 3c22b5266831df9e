/**
 * The business the super admin's console shows (systemId `businessInView`): one for the whole console, so a business
 * picked on one screen is the business of the next screen, and of this tab after a reload (kept in the tab's storage,
 * read before the root starts). Every business picker reads it and writes it (BUSINESS.VIEW). When the login ends
 * (logout, expiry, a lock) it is forgotten, here and in the tab's storage: the next login starts with none.
 *
 *   none --BUSINESS.VIEW--> shown --BUSINESS.VIEW--> shown
 *     ^------login.ended------/
 */
import { Effect, Schema } from "effect"
import { assertEvent, assign, setup, spawnChild } from "xstate"
import { StorageKeys } from "../../services/browser/storage-keys"
import { TabStorage } from "../../services/browser/tab-storage"
import { fromEffect } from "../common/from-effect"
import { loginWatcher } from "../root/login-watcher"
import type { PickedBusiness } from "../platform/business-picker"

export interface BusinessInViewContext {
  readonly business: PickedBusiness | null
}

export type BusinessInViewEvent = { type: "BUSINESS.VIEW"; business: PickedBusiness } | { type: "login.ended" }

export interface BusinessInViewInput {
  /** The business this tab showed before its reload (readBusinessInView). */
  readonly stored?: PickedBusiness | null
}

const StoredBusiness = Schema.Struct({ id: Schema.Number, name: Schema.String, active: Schema.Boolean })

/** The business this tab showed before it reloaded; null when none was, or what is kept is not one. */
export const readBusinessInView = Effect.gen(function* () {
  const stored = yield* (yield* TabStorage).getJson(StorageKeys.businessInView, StoredBusiness)
  return stored._tag === "Some" ? stored.value : null
})

export const businessInViewActors = {
  keep: fromEffect<void, PickedBusiness>((business) =>
    Effect.flatMap(TabStorage, (storage) =>
      storage.setJson(StorageKeys.businessInView, { id: business.id, name: business.name, active: business.active }),
    ),
  ),
  forget: fromEffect<void, void>(() => Effect.flatMap(TabStorage, (storage) => storage.remove(StorageKeys.businessInView))),
  loginWatcher,
}

export const businessInViewMachine = setup({
  types: {
    context: {} as BusinessInViewContext,
    events: {} as BusinessInViewEvent,
    input: {} as BusinessInViewInput | undefined,
  },
  actors: businessInViewActors,
  guards: {
    stored: ({ context }) => context.business !== null,
    another: ({ context, event }) => event.type === "BUSINESS.VIEW" && event.business.id !== context.business?.id,
  },
  actions: {
    show: assign(({ event }) => {
      assertEvent(event, "BUSINESS.VIEW")
      return { business: event.business }
    }),
    keep: spawnChild("keep", {
      id: "keep",
      input: ({ event }) => {
        assertEvent(event, "BUSINESS.VIEW")
        return event.business
      },
    }),
    clear: assign({ business: null }),
    forget: spawnChild("forget", { id: "forget" }),
  },
}).createMachine({
  id: "businessInView",
  context: ({ input }) => ({ business: input?.stored ?? null }),
  invoke: { id: "loginWatcher", src: "loginWatcher" },
  initial: "starting",
  states: {
    starting: { always: [{ guard: "stored", target: "shown" }, { target: "none" }] },
    none: { on: { "BUSINESS.VIEW": { target: "shown", actions: ["show", "keep"] } } },
    shown: {
      on: {
        "BUSINESS.VIEW": { guard: "another", actions: ["show", "keep"] },
        "login.ended": { target: "none", actions: ["clear", "forget"] },
      },
    },
  },
})
