/** The error body of every 4xx/5xx answer: `{ error: { code, message, field? } }` (CONTEXT wire conventions). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
  /** Set by `keepingWrites`: the call's transaction commits what it wrote before this error (a wrong code's counted try). */
  keepWrites = false
  body() {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } }
  }
}

/** A refusal whose writes must stand: the pipeline commits the call's transaction, then answers the error. */
export const keepingWrites = (error: ApiError): ApiError => {
  error.keepWrites = true
  return error
}

export const badRequest = (message: string, field?: string) => new ApiError(400, "BAD_REQUEST", message, field)
export const unauthorized = (
  code: "TOKEN_INVALID" | "TOKEN_EXPIRED" | "SESSION_REPLACED" | "UNAUTHENTICATED" | "BAD_CREDENTIALS",
  message: string,
) => new ApiError(401, code, message)
export const forbidden = (message = "You do not have access to this") => new ApiError(403, "FORBIDDEN", message)
export const notFound = (what = "Record") => new ApiError(404, "NOT_FOUND", `${what} not found`)
export const conflict = (message: string, field?: string) => new ApiError(409, "CONFLICT", message, field)
export const notImplemented = (key: string) => new ApiError(501, "NOT_IMPLEMENTED", `${key} is not implemented yet`)

const pgCodeOf = (error: unknown): string | undefined => {
  // drizzle wraps driver errors (DrizzleQueryError.cause); PGlite and pg both carry the SQLSTATE in `code`.
  for (let e: any = error, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
  }
  return undefined
}

/** Maps an error to an ApiError: database errors caused by input become 4xx, never 5xx. */
export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error
  const code = pgCodeOf(error)
  if (code === "23505") return conflict("A record with these values already exists")
  if (code === "23503") return conflict("The record is referenced by or refers to a missing record")
  if (code === "23502" || code === "23514") return badRequest("A required value is missing or invalid")
  if (code?.startsWith("22")) return badRequest("A value is out of range or malformed")
  const status = (error as { statusCode?: number })?.statusCode
  if (typeof status === "number" && status >= 400 && status < 500) {
    const fastifyCode = (error as { code?: string }).code ?? ""
    const appCode =
      status === 413
        ? "PAYLOAD_TOO_LARGE"
        : status === 414
          ? "URI_TOO_LONG"
          : status === 415
            ? "UNSUPPORTED_MEDIA_TYPE"
            : status === 404
              ? "NOT_FOUND"
              : status === 429
                ? "TOO_MANY_REQUESTS"
                : "BAD_REQUEST"
    return new ApiError(status, appCode, (error as Error).message || fastifyCode)
  }
  return new ApiError(500, "INTERNAL", "Internal server error")
}

const MAX_ID = 2_147_483_647

/** A row id from a payload or a path: anything that is not a stored id's shape is simply not found. */
export const idOf = (value: unknown, what = "Record"): number => {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < 1 || n > MAX_ID) throw notFound(what)
  return n
}
