/**
 * A failed call, kept as data in machine context, and the one rule that turns it into what a user reads. Machines
 * store `failureOf(error)` (never a pre-made sentence); views show `failureText(failure)` through
 * `useFailureText()` (src/views/common/failure-text.ts), so every screen words failures alike.
 */
export interface Failure {
  readonly status: number | null
  /** The server's error code (`WINDOW_CLOSED`, `NOT_IMPLEMENTED`, ...) or the client error's tag. */
  readonly code: string
  readonly message: string
  readonly field?: string
}

export const failureOf = (error: unknown): Failure => {
  if (error && typeof error === "object") {
    const e = error as { status?: unknown; code?: unknown; message?: unknown; _tag?: unknown; field?: unknown }
    return {
      status: typeof e.status === "number" ? e.status : null,
      code: typeof e.code === "string" ? e.code : typeof e._tag === "string" ? e._tag : "ERROR",
      message: typeof e.message === "string" ? e.message : String(error),
      ...(typeof e.field === "string" ? { field: e.field } : {}),
    }
  }
  return { status: null, code: "ERROR", message: String(error) }
}

/** What to show: a translation key with its values, or the server's own words. */
export type FailureText =
  | { readonly key: "failure.notImplemented"; readonly values: { readonly call: string } }
  | { readonly key: "failure.failed" }
  | { readonly text: string }

/** A 501 names the call the server lacks ("chat.agentConversations is not implemented yet"); otherwise its message. */
export const failureText = (failure: Failure): FailureText => {
  if (failure.code === "NOT_IMPLEMENTED" || failure.status === 501) {
    return { key: "failure.notImplemented", values: { call: failure.message.split(" ")[0] ?? failure.message } }
  }
  return failure.message ? { text: failure.message } : { key: "failure.failed" }
}
