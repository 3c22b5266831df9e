/**
 * The root of the actor system (systemId `root`), built from the features' manifests (src/app/features.ts): it knows
 * no feature machine. It invokes the features' page-long actors and paged reports, resets the reports when a login
 * ends, and runs the page actors the screens ask for: a view sends `page.open` when it mounts and `page.close` when
 * it unmounts, the root spawns the actor under a systemId equal to its id (so the inspector and `system.get` see it)
 * and stops it on close or when the login ends.
 */
import { type AnyActorLogic, assign, enqueueActions, setup, stopChild } from "xstate"
import { type LoginEnded, loginWatcher } from "./login-watcher"

/** A page-long actor the root invokes for a feature. */
export interface RootActor {
  readonly id: string
  /** How views and other actors find it (`system.get`): tests and views name it, so it never changes. */
  readonly systemId?: string
  readonly logic: AnyActorLogic
}

export interface RootParts {
  /** Invoked in this order. */
  readonly actors: readonly RootActor[]
  /** Paged reports by systemId (`report-<name>`): idle until a screen opens one, kept across navigation. */
  readonly reports: Readonly<Record<string, AnyActorLogic>>
  /** A page actor's logic by its id, once its screen has loaded it; undefined for an id nobody declared. */
  readonly pageLogic: (id: string) => AnyActorLogic | undefined
}

export interface RootInput {
  /** Start input of a root actor, by the actor's id (what the app read before starting, e.g. the cached layout). */
  readonly inputs?: Readonly<Record<string, unknown>>
}

export interface PageOpen {
  readonly type: "page.open"
  readonly id: string
  readonly input?: unknown
}
export interface PageClose {
  readonly type: "page.close"
  readonly id: string
}
export type RootEvent = PageOpen | PageClose | LoginEnded

export interface RootContext {
  readonly inputs: Readonly<Record<string, unknown>>
  /** The page actors running now, by id (also their systemId), in the order they opened. */
  readonly pages: readonly string[]
}

const without = (pages: readonly string[], id: string) => pages.filter((page) => page !== id)

export const createRootMachine = ({ actors, reports, pageLogic }: RootParts) => {
  const reportIds = Object.keys(reports)
  return setup({
    types: { input: {} as RootInput | undefined, context: {} as RootContext, events: {} as RootEvent },
    actors: { ...Object.fromEntries(actors.map((actor) => [actor.id, actor.logic])), ...reports, loginWatcher },
    guards: {
      isDeclaredPage: ({ event }) => event.type === "page.open" && pageLogic(event.id) !== undefined,
      isRunningPage: ({ context, event }) => event.type === "page.close" && context.pages.includes(event.id),
    },
    actions: {
      // A page reopened before it closed (new input, a remount) loses its old actor first, which frees the systemId.
      stopPage: stopChild(({ event }) => (event as PageOpen | PageClose).id),
      spawnPage: enqueueActions(({ event, enqueue }) => {
        const logic = event.type === "page.open" ? pageLogic(event.id) : undefined
        if (event.type !== "page.open" || !logic) return
        // The logic arrives with its screen's chunk, so it cannot be one of the named actors XState's types know.
        const spawn = enqueue.spawnChild as unknown as (
          src: AnyActorLogic,
          options: { id: string; systemId: string; input: unknown },
        ) => void
        spawn(logic, { id: event.id, systemId: event.id, input: event.input })
      }),
      rememberPage: assign({ pages: ({ context, event }) => [...without(context.pages, (event as PageOpen).id), (event as PageOpen).id] }),
      forgetPage: assign({ pages: ({ context, event }) => without(context.pages, (event as PageClose).id) }),
      resetReports: enqueueActions(({ enqueue }) => {
        for (const id of reportIds) enqueue.sendTo(id, { type: "REPORT.RESET" })
      }),
      stopPages: enqueueActions(({ context, enqueue }) => {
        for (const id of context.pages) enqueue.stopChild(id)
        enqueue.assign({ pages: [] })
      }),
    },
  }).createMachine({
    id: "root",
    context: ({ input }) => ({ inputs: input?.inputs ?? {}, pages: [] }),
    invoke: [
      // XState types `src` one key at a time; every id here is a key of the actors above.
      ...actors.map((actor) => ({
        id: actor.id,
        systemId: actor.systemId,
        src: actor.id as "loginWatcher",
        input: ({ context }: { context: RootContext }) => context.inputs[actor.id] as never,
      })),
      ...reportIds.map((id) => ({ id, systemId: id, src: id as "loginWatcher" })),
      { id: "loginWatcher", src: "loginWatcher" },
    ],
    initial: "running",
    states: {
      running: {
        on: {
          "page.open": { guard: "isDeclaredPage", actions: ["stopPage", "spawnPage", "rememberPage"] },
          "page.close": { guard: "isRunningPage", actions: ["stopPage", "forgetPage"] },
          // Nothing of one login survives into the next: report filters and rows, and any page actor still open.
          "login.ended": { actions: ["resetReports", "stopPages"] },
        },
      },
    },
  })
}

export type RootMachine = ReturnType<typeof createRootMachine>
