/**
 * The actor system's well-known ids and the one typed way to look an actor up by one. The root spawns its page-long
 * actors (src/app/features/*.ts) and the paged reports under fixed systemIds, the inbox its pick lists and the call
 * centre its calls; any actor may reach them through `system` by those ids. `systemActor(system, "chat-inbox")`
 * answers the actor with the type of its machine, or undefined when it does not run (a report no screen opened yet,
 * an isolated test's system).
 *
 * The map itself (`SystemActors`) is filled in by system-actors.ts, which names every id's machine. It is kept apart
 * so that a machine that looks another up imports only this module: the session looks up the ACL gate and the
 * layout, and a map beside the accessor would import the session's own machine back.
 */
import type { ActorSystem } from "xstate"

/** The actors the system holds under a fixed systemId (or a pattern of them), by that id: see system-actors.ts. */
// biome-ignore lint/suspicious/noEmptyInterface: declared open here, filled in by system-actors.ts (declaration merging)
export interface SystemActors {}

export type SystemId = keyof SystemActors & string

/** A paged report's systemId (`report-<name>`). */
export type ReportId = `report-${string}`

/** The actor running under `id`, typed by the map; undefined while none does. */
export const systemActor = <Id extends SystemId>(system: ActorSystem<any>, id: Id): SystemActors[Id] | undefined => system.get(id)
