/**
 * Starts a page-scoped actor inside the app's actor system (a child of the root, like the softphone), so its
 * `fromEffect` children find the Effect runtime; the page stops it when it closes.
 */
import { createActor, type AnyActorRef, type AnyStateMachine } from "xstate"

export const startPageActor = <M extends AnyStateMachine>(root: AnyActorRef, machine: M, id: string, input?: unknown) => {
  const actor = createActor(machine, { parent: root, id, ...(input === undefined ? {} : { input }) } as never)
  actor.start()
  return actor
}
