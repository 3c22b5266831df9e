import { Cause, Exit, type Effect, type ManagedRuntime } from "effect"
import {
  type ActorOptions,
  type AnyActorLogic,
  type ActorSystem,
  type EventObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
  createActor,
  fromPromise,
} from "xstate"
import type { AppServices } from "../../services/app-layer"

/** The services an effect run by `fromEffect` may use: derived from the app's layer (src/services/app-layer.ts). */
export type { AppServices }

/** The runtime that runs machine effects: made once in src/app from the app layer, or from a test layer in tests. */
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>

/*
 * How the runtime reaches the effects: it is bound to the actor *system* (a WeakMap keyed by it). The app creates
 * its root actor with `createAppActor(rootMachine, { runtime })`; every actor spawned or invoked below the root
 * shares that system, so each `fromEffect` actor finds the runtime without it being threaded through inputs, and
 * two systems (two tests running side by side) can each have their own runtime. A machine stays a plain value:
 * nothing about Effect appears in its definition beyond the actor logic below.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the system's own type parameter is irrelevant here
type AnySystem = ActorSystem<any>

const runtimes = new WeakMap<AnySystem, AppRuntime>()

/** Binds a runtime to an already created actor's system (before `start()`, so start-up effects find it). */
export const bindRuntime = (actor: { readonly system: AnySystem }, runtime: AppRuntime): void => {
  runtimes.set(actor.system, runtime)
}

/** `createActor` plus `bindRuntime`: the way to start a root (or test) actor whose machines use `fromEffect`. */
export const createAppActor = <TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: ActorOptions<TLogic> & { readonly runtime: AppRuntime },
) => {
  const { runtime, ...rest } = options
  const actor = createActor(logic, rest as ActorOptions<TLogic>)
  bindRuntime(actor, runtime)
  return actor
}

/** The runtime bound to an actor system: for `fromCallback` actors whose side effects come from Effect services. */
export const runtimeOf = (system: AnySystem): AppRuntime => {
  const runtime = runtimes.get(system)
  if (!runtime) throw new MissingRuntimeError()
  return runtime
}

export class MissingRuntimeError extends Error {
  constructor() {
    super("fromEffect: no Effect runtime is bound to this actor system (create the root actor with createAppActor)")
  }
}

/** What a `fromEffect` creator gets besides its input. */
export interface FromEffectArgs<TEmitted extends EventObject> {
  readonly system: AnySystem
  readonly emit: (emitted: TEmitted) => void
}

/**
 * Actor logic from an Effect, like `fromPromise`: the output is the effect's value; a typed failure arrives as
 * `event.error` in `onError` unchanged (e.g. an HttpFailure, with its `_tag`), a defect as the thrown value.
 * Stopping the actor (leaving the invoking state, stopping a spawned child or the root) interrupts the fiber, which
 * runs the effect's finalizers and aborts an HTTP request in flight.
 */
export const fromEffect = <TOutput, TInput = NonReducibleUnknown, TEmitted extends EventObject = EventObject>(
  create: (input: TInput, args: FromEffectArgs<TEmitted>) => Effect.Effect<TOutput, unknown, AppServices>,
): PromiseActorLogic<TOutput, TInput, TEmitted> =>
  fromPromise<TOutput, TInput, TEmitted>(async ({ input, system, signal, emit }) => {
    const runtime = runtimes.get(system)
    if (!runtime) throw new MissingRuntimeError()
    const exit = await runtime.runPromiseExit(create(input, { system, emit }), { signal })
    if (Exit.isSuccess(exit)) return exit.value
    const failure = Cause.findErrorOption(exit.cause)
    throw failure._tag === "Some" ? failure.value : Cause.squash(exit.cause)
  })
