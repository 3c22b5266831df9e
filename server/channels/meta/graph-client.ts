/**
 * The Graph API as the adapters reach it: `<GRAPH_BASE_URL>/<version>/<path>` with the account's bearer token, JSON in
 * and out. A refusal comes back as a `GraphError` carrying Meta's code (`error.code`), so callers can map it to what the
 * console shows (graph-errors.ts); a network failure is a GraphError with code null.
 */
export const GRAPH_VERSION = "v21.0"
const TIMEOUT_MS = 10_000

export class GraphError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly httpStatus: number | null,
    readonly details: string | null = null,
    /** Meta's `error_subcode`: Messenger and Instagram say why with it (2018278: outside the 24-hour window). */
    readonly subcode: number | null = null,
  ) {
    super(message)
  }
}

export interface GraphRequest {
  readonly baseUrl: string
  readonly token: string
  readonly method: "GET" | "POST" | "DELETE"
  /** After the version, e.g. `123456/messages`. */
  readonly path: string
  readonly body?: Record<string, unknown>
}

export const graphCall = async <T = Record<string, unknown>>(request: GraphRequest): Promise<T> => {
  let response: Response
  try {
    response = await fetch(`${request.baseUrl}/${GRAPH_VERSION}/${request.path}`, {
      method: request.method,
      headers: { authorization: `Bearer ${request.token}`, ...(request.body ? { "content-type": "application/json" } : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new GraphError(null, `The Graph API did not answer: ${error instanceof Error ? error.message : String(error)}`, null)
  }
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    if (response.ok) throw new GraphError(null, "The Graph API answered something that is not JSON", response.status)
  }
  if (!response.ok || parsed.error) {
    const error = (parsed.error ?? {}) as { code?: unknown; message?: unknown; error_subcode?: unknown; error_data?: { details?: unknown } }
    throw new GraphError(
      typeof error.code === "number" ? error.code : null,
      typeof error.message === "string" ? error.message : `The Graph API answered ${response.status}`,
      response.status,
      typeof error.error_data?.details === "string" ? error.error_data.details : null,
      typeof error.error_subcode === "number" ? error.error_subcode : null,
    )
  }
  return parsed as T
}
