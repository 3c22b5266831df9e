/**
 * Layout settings and theme (systemId `layout`). Starts from the browser cache so the first paint already has the
 * user's layout, loads the saved one from the server once logged in (`/user/layout`), saves changes per user
 * (`/users/layout/create` the first time, `/users/layout/update` afterwards) and the theme (`/backend/users/themes`).
 */
import { assertEvent, assign, fromPromise, setup } from "xstate"
import { applyPatch, defaultLayout, type LayoutPatch, type LayoutSettings, type Theme } from "./layout-settings"

export interface SavedLayout {
  readonly layout: LayoutSettings
  readonly theme: Theme
  /** False when the server has no layout for this user yet (the first save creates it). */
  readonly exists: boolean
}

export interface LayoutContext {
  readonly layout: LayoutSettings
  readonly theme: Theme
  readonly exists: boolean
  readonly panelOpen: boolean
  readonly failed: boolean
  /** A change that arrived while the other kind of save was running; saved right after it. */
  readonly pendingLayout: boolean
  readonly pendingTheme: boolean
}

export type LayoutEvent =
  | { type: "LAYOUT.LOAD" }
  | { type: "LAYOUT.RESET" }
  | { type: "LAYOUT.CHANGE"; patch: LayoutPatch }
  | { type: "THEME.SET"; theme: Theme }
  | { type: "PANEL.TOGGLE" }

/** `local`: not logged in, changes stay in the browser; `saving`: a layout or theme save is out. */
export type LayoutTag = "local" | "saving"

const notProvided = (name: string) => () => Promise.reject(new Error(`layout actor ${name} is not provided`))

export const layoutMachine = setup({
  types: {
    context: {} as LayoutContext,
    events: {} as LayoutEvent,
    input: {} as { cached?: { layout: LayoutSettings; theme: Theme } | null } | undefined,
    tags: {} as LayoutTag,
  },
  actors: {
    load: fromPromise<SavedLayout>(notProvided("load")),
    save: fromPromise<void, { layout: LayoutSettings; exists: boolean }>(notProvided("save")),
    saveTheme: fromPromise<void, { theme: Theme }>(notProvided("saveTheme")),
    cache: fromPromise<void, { layout: LayoutSettings; theme: Theme }>(notProvided("cache")),
  },
  guards: {
    layoutPending: ({ context }) => context.pendingLayout,
    themePending: ({ context }) => context.pendingTheme,
  },
  actions: {
    adopt: assign((_, saved: SavedLayout) => ({ layout: saved.layout, theme: saved.theme, exists: saved.exists, failed: false })),
    patch: assign(({ context, event }) => {
      assertEvent(event, "LAYOUT.CHANGE")
      return { layout: applyPatch(context.layout, event.patch) }
    }),
    setTheme: assign(({ event }) => {
      assertEvent(event, "THEME.SET")
      return { theme: event.theme }
    }),
    created: assign({ exists: true, failed: false }),
    failed: assign({ failed: true }),
    togglePanel: assign(({ context }) => ({ panelOpen: !context.panelOpen })),
    markLayout: assign({ pendingLayout: true }),
    markTheme: assign({ pendingTheme: true }),
    clearLayoutMark: assign({ pendingLayout: false }),
    clearThemeMark: assign({ pendingTheme: false }),
  },
}).createMachine({
  id: "layout",
  context: ({ input }) => ({
    layout: input?.cached?.layout ?? defaultLayout,
    theme: input?.cached?.theme ?? "light",
    exists: false,
    panelOpen: false,
    failed: false,
    pendingLayout: false,
    pendingTheme: false,
  }),
  initial: "local",
  on: {
    "PANEL.TOGGLE": { actions: "togglePanel" },
    // Logging out returns to the cached look, but the next user loads their own.
    "LAYOUT.RESET": { target: ".local" },
  },
  states: {
    /** Not logged in: changes apply and are cached in the browser only. */
    local: {
      tags: ["local"],
      on: {
        "LAYOUT.LOAD": { target: "loading" },
        "LAYOUT.CHANGE": { actions: "patch", target: "local", reenter: true },
        "THEME.SET": { actions: "setTheme", target: "local", reenter: true },
      },
      invoke: { id: "cache", src: "cache", input: ({ context }) => ({ layout: context.layout, theme: context.theme }) },
    },
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: { type: "adopt", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: "failed" },
      },
    },
    ready: {
      invoke: { id: "cache", src: "cache", input: ({ context }) => ({ layout: context.layout, theme: context.theme }) },
      on: {
        "LAYOUT.LOAD": { target: "loading" },
        "LAYOUT.CHANGE": { target: "saving", actions: "patch" },
        "THEME.SET": { target: "savingTheme", actions: "setTheme" },
      },
    },
    saving: {
      tags: ["saving"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({ layout: context.layout, exists: context.exists }),
        onDone: [
          { guard: "themePending", target: "savingTheme", actions: ["created", "clearThemeMark"] },
          { target: "ready", actions: "created" },
        ],
        onError: [
          { guard: "themePending", target: "savingTheme", actions: ["failed", "clearThemeMark"] },
          { target: "ready", actions: "failed" },
        ],
      },
      // A newer change restarts the save with the latest settings; a theme change waits for this save.
      entry: "clearLayoutMark",
      on: {
        "LAYOUT.CHANGE": { target: "saving", actions: "patch", reenter: true },
        "THEME.SET": { actions: ["setTheme", "markTheme"] },
      },
    },
    savingTheme: {
      tags: ["saving"],
      invoke: {
        id: "saveTheme",
        src: "saveTheme",
        input: ({ context }) => ({ theme: context.theme }),
        onDone: [{ guard: "layoutPending", target: "saving" }, { target: "ready" }],
        onError: [
          { guard: "layoutPending", target: "saving", actions: "failed" },
          { target: "ready", actions: "failed" },
        ],
      },
      entry: "clearThemeMark",
      on: {
        "THEME.SET": { target: "savingTheme", actions: "setTheme", reenter: true },
        "LAYOUT.CHANGE": { actions: ["patch", "markLayout"] },
      },
    },
  },
})
