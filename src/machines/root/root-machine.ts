/**
 * The root of the actor system (systemId `root`), built from the features' manifests (src/app/features.ts): it knows
 * no feature machine. It invokes the features' page-long actors and runs two kinds of screen actors, each spawned
 * under a systemId equal to its id (so the inspector and `system.get` see it) once its screen's chunk has brought its
 * logic:
 * - page actors: a view sends `page.open` when it mounts and `page.close` when it unmounts; stopped on close;
 * - paged reports (`report-<name>`): the first `report.open` spawns one, later ones change nothing, so a list keeps
 *   its filters and rows across navigation.
 * Nothing of one login survives into the next: when it ends, every report and page actor stops.
 */
import { type AnyActorLogic, assertEvent, assign, enqueueActions, setup, stopChild } from "xstate"
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
  /** A page actor's logic by its id, once its screen has loaded it; undefined for an id nobody declared. */
  readonly pageLogic: (id: string) => AnyActorLogic | undefined
  /** A paged report's logic by its systemId, once its screen has loaded it; undefined otherwise. */
  readonly reportLogic: (id: string) => AnyActorLogic | undefined
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
export interface ReportOpen {
  readonly type: "report.open"
  readonly id: string
}
export type RootEvent = PageOpen | PageClose | ReportOpen | LoginEnded

export interface RootContext {
  readonly inputs: Readonly<Record<string, unknown>>
  /** The page actors running now, by id (also their systemId), in the order they opened. */
  readonly pages: readonly string[]
  /** The paged reports running now, by systemId, in the order they first opened. */
  readonly reports: readonly string[]
}

const without = (pages: readonly string[], id: string) => pages.filter((page) => page !== id)

/** Spawns logic that arrived with a screen's chunk: it cannot be one of the named actors XState's types know. */
type SpawnLoaded = (src: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void

export const createRootMachine = ({ actors, pageLogic, reportLogic }: RootParts) =>
  setup({
    types: { input: {} as RootInput | undefined, context: {} as RootContext, events: {} as RootEvent },
    actors: { ...Object.fromEntries(actors.map((actor) => [actor.id, actor.logic])), loginWatcher },
    guards: {
      isDeclaredPage: ({ event }) => {
        assertEvent(event, "page.open")
        return pageLogic(event.id) !== undefined
      },
      isRunningPage: ({ context, event }) => {
        assertEvent(event, "page.close")
        return context.pages.includes(event.id)
      },
      isNewReport: ({ context, event }) => {
        assertEvent(event, "report.open")
        return reportLogic(event.id) !== undefined && !context.reports.includes(event.id)
      },
    },
    actions: {
      // A page reopened before it closed (new input, a remount) loses its old actor first, which frees the systemId.
      stopPage: stopChild(({ event }) => {
        assertEvent(event, ["page.open", "page.close"])
        return event.id
      }),
      spawnPage: enqueueActions(({ event, enqueue }) => {
        assertEvent(event, "page.open")
        const logic = pageLogic(event.id)
        if (!logic) return
        const spawn = enqueue.spawnChild as unknown as SpawnLoaded
        spawn(logic, { id: event.id, systemId: event.id, input: event.input })
      }),
      spawnReport: enqueueActions(({ event, enqueue }) => {
        assertEvent(event, "report.open")
        const logic = reportLogic(event.id)
        if (!logic) return
        const spawn = enqueue.spawnChild as unknown as SpawnLoaded
        spawn(logic, { id: event.id, systemId: event.id })
      }),
      rememberReport: assign(({ context, event }) => {
        assertEvent(event, "report.open")
        return { reports: [...context.reports, event.id] }
      }),
      rememberPage: assign(({ context, event }) => {
        assertEvent(event, "page.open")
        return { pages: [...without(context.pages, event.id), event.id] }
      }),
      forgetPage: assign(({ context, event }) => {
        assertEvent(event, "page.close")
        return { pages: without(context.pages, event.id) }
      }),
      stopAll: enqueueActions(({ context, enqueue }) => {
        for (const id of [...context.reports, ...context.pages]) enqueue.stopChild(id)
        enqueue.assign({ pages: [], reports: [] })
      }),
    },
  }).createMachine({
    id: "root",
    context: ({ input }) => ({ inputs: input?.inputs ?? {}, pages: [], reports: [] }),
    invoke: [
      // XState types `src` one key at a time; every id here is a key of the actors above.
      ...actors.map((actor) => ({
        id: actor.id,
        systemId: actor.systemId,
        src: actor.id as "loginWatcher",
        input: ({ context }: { context: RootContext }) => context.inputs[actor.id] as never,
      })),
      { id: "loginWatcher", src: "loginWatcher" },
    ],
    initial: "running",
    states: {
      running: {
        on: {
          "page.open": { guard: "isDeclaredPage", actions: ["stopPage", "spawnPage", "rememberPage"] },
          "page.close": { guard: "isRunningPage", actions: ["stopPage", "forgetPage"] },
          "report.open": { guard: "isNewReport", actions: ["spawnReport", "rememberReport"] },
          // Nothing of one login survives into the next: report filters and rows, and any page actor still open.
          "login.ended": { actions: "stopAll" },
        },
      },
    },
  })

export type RootMachine = ReturnType<typeof createRootMachine>
