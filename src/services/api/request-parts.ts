import { fillPath, type CallDef, type Credential } from "../../contract/call"
import { MISSING_CLIENT_TOKEN, MISSING_USER_TOKEN } from "./errors"
import { StorageKeys } from "../browser/storage-keys"

/** Which stored token a credential sends, under which header, and the error text when it is missing (spec 000 s. 8). */
export const credentialHeader: Record<Exclude<Credential, "none">, { storageKey: string; header: string; missing: string }> = {
  user: { storageKey: StorageKeys.userToken, header: "user-token", missing: MISSING_USER_TOKEN },
  client: { storageKey: StorageKeys.clientToken, header: "client-token", missing: MISSING_CLIENT_TOKEN },
  // The console has no raw API key: it sends its client token, which the server accepts in x-api-key.
  apiKey: { storageKey: StorageKeys.clientToken, header: "x-api-key", missing: MISSING_CLIENT_TOKEN },
}

export interface RequestParts {
  /** Path with parameters substituted and URL-encoded. */
  readonly path: string
  /** JSON body (POST/PUT/DELETE). */
  readonly body: unknown
  /** Query pairs (GET). */
  readonly query: ReadonlyArray<readonly [string, string]>
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const paramText = (value: unknown): string | undefined =>
  typeof value === "string"
    ? value === ""
      ? undefined
      : value
    : typeof value === "number" || typeof value === "bigint"
      ? String(value)
      : undefined

/** Query pairs of a GET payload: scalars as text, arrays as repeated keys, objects as JSON; undefined and null left out. */
export const queryPairs = (payload: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(payload).flatMap(([key, value]): Array<[string, string]> => {
    if (value === undefined || value === null) return []
    if (Array.isArray(value)) return value.map((item) => [key, typeof item === "object" ? JSON.stringify(item) : String(item)])
    if (typeof value === "object") return [[key, JSON.stringify(value)]]
    return [[key, String(value)]]
  })

/**
 * Splits a payload into path, body and query (CONTEXT.md wire conventions): each path parameter is taken from the
 * payload by name (the encoded payload first, then the caller's raw one, in case the request schema does not declare
 * it) and removed from what is sent; POST/PUT/DELETE send the rest as JSON (an empty object when there is nothing),
 * GET sends it as a query string. Returns the name of the first missing parameter instead when one has no value.
 */
export const requestParts = (def: CallDef, encoded: unknown, raw: unknown): RequestParts | { readonly missing: string } => {
  const rest: Record<string, unknown> | undefined = isRecord(encoded) ? { ...encoded } : undefined
  const values: Record<string, string> = {}
  for (const param of def.params) {
    const value = paramText(rest?.[param]) ?? (isRecord(raw) ? paramText(raw[param]) : undefined)
    if (value === undefined) return { missing: param }
    values[param] = value
    if (rest) delete rest[param]
  }
  const path = fillPath(def.path, (param) => encodeURIComponent(values[param]))
  const remaining = rest ?? encoded
  if (def.method === "GET") return { path, body: undefined, query: isRecord(remaining) ? queryPairs(remaining) : [] }
  return { path, body: remaining ?? {}, query: [] }
}
