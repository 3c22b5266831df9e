/**
 * After a write, the kept paged report that lists what was written reads its rows again, so they show what the server
 * kept. A report no screen opened in this login has no actor yet: nothing to reload (its first open loads anyway).
 */
import { type EventObject, enqueueActions, type MachineContext, type ParameterizedObject, type ProvidedActor } from "xstate"
import { type ReportId, systemActor } from "../system-ids"

/** The action, typed by the machine it is given to (like XState's own action creators). */
export const reloadReport = <
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject = TExpressionEvent,
  TActor extends ProvidedActor = ProvidedActor,
  TAction extends ParameterizedObject = ParameterizedObject,
  TGuard extends ParameterizedObject = ParameterizedObject,
  TDelay extends string = never,
  TEmitted extends EventObject = EventObject,
>(
  id: ReportId,
) =>
  enqueueActions<TContext, TExpressionEvent, undefined, TEvent, TActor, TAction, TGuard, TDelay, TEmitted>(({ system, enqueue }) => {
    const list = systemActor(system, id)
    if (list) enqueue.sendTo(list, { type: "REPORT.RELOAD" })
  })
