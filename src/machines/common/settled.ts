/**
 * Typed hand-over of an invoked actor's outcome to a named, parameterized action or guard:
 * `onDone: { actions: { type: "store", params: outputOf } }` gives `store` the output with the type of the invoked
 * source (setup's actors), `onError: { actions: { type: "fail", params: errorOf } }` its error; no event casts.
 */
export const outputOf = <T>({ event }: { event: { output: T } }): T => event.output

export const errorOf = ({ event }: { event: { error: unknown } }): unknown => event.error
