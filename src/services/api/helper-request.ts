import { Effect } from "effect"
import type { Catalogue } from "../../contract/catalogue"
import {
  type HelperKey,
  type HelperRead,
  type HelperRequest,
  type HelperResponse,
  isSilentHelper,
  readHelper,
  resolveHelper,
  type silentHelperErrors,
} from "../../contract/helper-calls"
import type { CallFn } from "./api-client"
import { type ApiError, UnresolvedApi } from "./errors"

/*
 * The resource/action helper (spec 000 section 7) over the contract's table (src/contract/helper-calls.ts): which
 * catalogue call each key makes, the value it reads from the answer, and whether its failures are silent.
 */

type Resource = HelperKey extends infer K ? (K extends `${infer R}/${string}` ? R : never) : never
type ActionOf<R extends Resource> = HelperKey extends infer K ? (K extends `${R}/${infer A}` ? A : never) : never
type KeyOf<R extends Resource, A extends string> = `${R}/${A}` & HelperKey
type Silent<K extends HelperKey> = (typeof silentHelperErrors)[K] extends true ? true : false

/** What a helper request answers: the read value, or undefined when a silent request failed. */
export type HelperResult<K extends HelperKey> = Silent<K> extends true ? HelperRead<K> | undefined : HelperRead<K>
/** The errors a helper request can end with: none for the silently ignored report and search requests. */
export type HelperError<K extends HelperKey> = Silent<K> extends true ? never : ApiError

export type RequestFn = <R extends Resource, A extends ActionOf<R>>(
  resource: R,
  action: A,
  payload?: HelperRequest<KeyOf<R, A>>,
) => Effect.Effect<HelperResult<KeyOf<R, A>>, HelperError<KeyOf<R, A>>>

type UntypedCall = (group: string, name: string, payload?: unknown) => Effect.Effect<unknown, ApiError>

export const makeRequest = (call: CallFn<Catalogue>): RequestFn => {
  const request = (resource: string, action: string, payload?: unknown): Effect.Effect<unknown, ApiError> => {
    const resolved = resolveHelper(resource, action)
    if (resolved._tag !== "Found") {
      return Effect.fail(
        new UnresolvedApi({
          group: resource,
          name: resolved._tag === "UnknownAction" ? action : undefined,
          message: resolved.message,
        }),
      )
    }
    const { key, call: def } = resolved
    // The helper table names a call at run time; CallFn's per-call generic signature cannot be applied to such names.
    const sent = (call as unknown as UntypedCall)(def.group, def.name, payload).pipe(
      Effect.map((body) => readHelper(key, body as HelperResponse<typeof key>)),
    )
    // A silent request still went through `call`, so a 401 on it ended the session like any other call.
    return isSilentHelper(key) ? sent.pipe(Effect.orElseSucceed(() => undefined)) : sent
  }
  return request as RequestFn
}
