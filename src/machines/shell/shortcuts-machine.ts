/**
 * The signed-in person's keyboard shortcut choices (systemId `shortcuts`), WCAG 2.1.4: whether single-key shortcuts
 * (a key without Ctrl or Alt, like `?` for the list of shortcuts) work at all (F1 always opens the list), and which key opens that list. The
 * shell names the person (KEYS.USER) once it knows them; their choices are read from this browser and every change
 * is written back, per person. The profile stores no preferences on the server, and the console's other
 * per-person looks (the language, the folded sidebar groups) are this browser's too, so these sit with them.
 */
import { Schema } from "effect"
import { assertEvent, assign, setup, spawnChild } from "xstate"
import { StorageKeys } from "../../services/browser/storage-keys"
import { namesSomeoneElse, perPersonStore } from "./per-person-store"

/** The character keys that may open the list of shortcuts (F1, which no typing presses, always does). */
export const HELP_KEYS = ["?", "h"] as const
export type HelpKey = (typeof HELP_KEYS)[number]

export interface ShortcutChoices {
  readonly singleKeys: boolean
  readonly helpKey: HelpKey
}

export const DEFAULT_CHOICES: ShortcutChoices = { singleKeys: true, helpKey: "?" }

export interface ShortcutsContext extends ShortcutChoices {
  readonly user: string | null
}

export type ShortcutsEvent = { type: "KEYS.USER"; user: string } | { type: "KEYS.SET"; choices: Partial<ShortcutChoices> }

const Choices = Schema.Struct({ singleKeys: Schema.Boolean, helpKey: Schema.Literals(HELP_KEYS) })
export const shortcutsActors = perPersonStore<ShortcutChoices>(StorageKeys.shortcuts, Choices, DEFAULT_CHOICES)

/** Whether a key press (its `key`, outside a field) opens the list of shortcuts under these choices. */
export const opensHelp = (choices: ShortcutChoices, key: string) => key === "F1" || (choices.singleKeys && key === choices.helpKey)

export const shortcutsMachine = setup({
  types: { context: {} as ShortcutsContext, events: {} as ShortcutsEvent },
  actors: shortcutsActors,
  guards: { otherUser: namesSomeoneElse },
  actions: {
    name: assign(({ event }) => {
      assertEvent(event, "KEYS.USER")
      return { user: event.user, ...DEFAULT_CHOICES }
    }),
    set: assign(({ event }) => {
      assertEvent(event, "KEYS.SET")
      return event.choices
    }),
    save: spawnChild("save", {
      id: "save",
      input: ({ context }) => ({ user: context.user ?? "", value: { singleKeys: context.singleKeys, helpKey: context.helpKey } }),
    }),
  },
}).createMachine({
  id: "shortcuts",
  context: { user: null, ...DEFAULT_CHOICES },
  initial: "anonymous",
  on: { "KEYS.USER": { guard: "otherUser", target: ".reading", actions: "name" } },
  states: {
    /** Nobody named yet: the defaults. */
    anonymous: {},
    reading: {
      invoke: {
        id: "read",
        src: "read",
        input: ({ context }) => ({ user: context.user ?? "" }),
        onDone: { target: "ready", actions: assign(({ event }) => event.output) },
        onError: "ready",
      },
    },
    ready: { on: { "KEYS.SET": { actions: ["set", "save"] } } },
  },
})
