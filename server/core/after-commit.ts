/**
 * An answer known only once the call's transaction committed: a send answers with the channel's id of its message,
 * and the message reaches the channel only after the commit (the transactional outbox, server/features/chat/outbox.ts).
 * The handler returns `answerAfterCommit(produce)`; the call pipeline (server/http/calls.ts) commits, runs the
 * transaction's after-commit work, then awaits `produce()` for the answer (its throw is the call's error).
 */
const LATER = Symbol("answerAfterCommit")

interface Later<T> {
  readonly [LATER]: () => Promise<T>
}

/** Typed as the answer itself, so a handler keeps its contract's result type; only the pipeline sees the difference. */
export const answerAfterCommit = <T>(produce: () => Promise<T>): T => ({ [LATER]: produce }) satisfies Later<T> as unknown as T

const isLater = (value: unknown): value is Later<unknown> => typeof value === "object" && value !== null && LATER in value

/** The call's answer: a deferred one is produced now (the caller is past its commit). */
export const settleAnswer = async <T>(result: T): Promise<T> => (isLater(result) ? ((await result[LATER]()) as T) : result)
