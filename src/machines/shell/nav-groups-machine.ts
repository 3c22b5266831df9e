/**
 * Which sidebar groups the signed-in person folded (systemId `navGroups`). The sidebar names the person (NAV.USER)
 * once it knows them; their folded groups are read from the browser, and every fold or unfold is written back, per
 * person, so the next visit in this browser opens the sidebar as they left it.
 */
import { Schema } from "effect"
import { assertEvent, assign, setup, spawnChild } from "xstate"
import { StorageKeys } from "../../services/browser/storage-keys"
import { namesSomeoneElse, perPersonStore } from "./per-person-store"

export interface NavGroupsContext {
  readonly user: string | null
  readonly collapsed: readonly string[]
}

export type NavGroupsEvent = { type: "NAV.USER"; user: string } | { type: "NAV.TOGGLE"; group: string }

export const navGroupsActors = perPersonStore<readonly string[]>(StorageKeys.navGroups, Schema.Array(Schema.String), [])

export const toggled = (collapsed: readonly string[], group: string): readonly string[] =>
  collapsed.includes(group) ? collapsed.filter((g) => g !== group) : [...collapsed, group]

export const navGroupsMachine = setup({
  types: { context: {} as NavGroupsContext, events: {} as NavGroupsEvent },
  actors: navGroupsActors,
  guards: { otherUser: namesSomeoneElse },
  actions: {
    name: assign(({ event }) => {
      assertEvent(event, "NAV.USER")
      return { user: event.user, collapsed: [] }
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, "NAV.TOGGLE")
      return { collapsed: toggled(context.collapsed, event.group) }
    }),
    save: spawnChild("save", { id: "save", input: ({ context }) => ({ user: context.user ?? "", value: context.collapsed }) }),
  },
}).createMachine({
  id: "navGroups",
  context: { user: null, collapsed: [] },
  initial: "anonymous",
  on: { "NAV.USER": { guard: "otherUser", target: ".reading", actions: "name" } },
  states: {
    /** Nobody named yet: every group is open. */
    anonymous: {},
    reading: {
      invoke: {
        id: "read",
        src: "read",
        input: ({ context }) => ({ user: context.user ?? "" }),
        onDone: { target: "ready", actions: assign({ collapsed: ({ event }) => event.output }) },
        onError: "ready",
      },
    },
    ready: { on: { "NAV.TOGGLE": { actions: ["toggle", "save"] } } },
  },
})
