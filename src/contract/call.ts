import type { Schema } from "effect"

export type Method = "GET" | "POST" | "PUT" | "DELETE"
/** Which stored credential a call sends: none (login), the user's token, the client token, or the client API key. */
export type Credential = "none" | "user" | "client" | "apiKey"
/** The API base, or the real-time socket-service base (spec 001 section 7). */
export type Base = "api" | "socket"
/**
 * Who may call beyond the back-end permission: any authenticated user of the tenant, only a super admin, or only a
 * business's own people (`business`: the calls of a business's own ground, the screens its routes mark `tenantOnly`,
 * which a super admin is refused; docs/decisions/super-admin-desk.md).
 */
export type Access = "tenant" | "superAdmin" | "business"
/**
 * A call whose body is a file, sent as its raw bytes (streamed on both ends, never base64 in JSON): the request's
 * fields travel in the query string (objects as JSON), the body has this content type and at most `maxBytes` bytes.
 */
export interface Upload {
  readonly contentType: "text/csv"
  readonly maxBytes: number
}

export interface CallSpec<Req extends Schema.Top = Schema.Top, Res extends Schema.Top = Schema.Top> {
  readonly method: Method
  readonly path: string
  readonly request: Req
  readonly response: Res
  /** Overrides the group's credential. */
  readonly credential?: Credential
  /** Overrides the group's back-end permission; null means no permission beyond authentication. */
  readonly permission?: string | null
  readonly access?: Access
  readonly upload?: Upload
}

export interface CallDef<Req extends Schema.Top = Schema.Top, Res extends Schema.Top = Schema.Top> {
  readonly group: string
  readonly name: string
  readonly method: Method
  readonly path: string
  /** Path parameters in order: `{name}` segments and literal `id` segments (spec 001 section 7). */
  readonly params: readonly string[]
  readonly credential: Credential
  readonly base: Base
  /** The back-end permission the caller needs, as `BACK:<permission>` in back_acl; null when none. */
  readonly permission: string | null
  readonly access: Access
  /** Set when the body is a file's raw bytes (see Upload). */
  readonly upload?: Upload
  readonly request: Req
  readonly response: Res
}

export interface GroupOptions {
  readonly title: string
  readonly permission: string | null
  readonly credential?: Credential
  readonly access?: Access
  /**
   * Calls of ours that the spec's catalogue does not list (a capability an issue asks for with no call in the spec):
   * they go through the same pipeline (credential, tenant, permission, validation); the spec comparison skips them.
   */
  readonly beyondSpec?: true
}

export type Group<G extends string, C extends Record<string, CallSpec>> = {
  readonly key: G
  readonly title: string
  readonly beyondSpec: boolean
  readonly calls: { readonly [K in keyof C]: CallDef<C[K]["request"], C[K]["response"]> }
}

const SOCKET_MARKERS = ["/messages/send/", "/chat/update/"] as const

export const baseOf = (path: string): Base => (SOCKET_MARKERS.some((marker) => path.includes(marker)) ? "socket" : "api")

/** The parameter a path segment stands for: `{name}` segments and literal `id` segments (spec 001 section 7). */
export const paramOfSegment = (segment: string): string | undefined =>
  segment === "id" ? "id" : /^\{[a-z_]+\}$/i.test(segment) ? segment.slice(1, -1) : undefined

/** Replaces each parameter segment of a path with what `fill` makes of its name. */
export const fillPath = (path: string, fill: (param: string) => string): string =>
  path
    .split("/")
    .map((segment) => {
      const param = paramOfSegment(segment)
      return param === undefined ? segment : fill(param)
    })
    .join("/")

export const paramsOf = (path: string): string[] => path.split("/").flatMap((segment) => paramOfSegment(segment) ?? [])

/** `/backend/roles/update/id` becomes `/backend/roles/update/:id` (the router's spelling). */
export const routePathOf = (path: string): string => fillPath(path, (param) => `:${param}`)

export const defineGroup = <const G extends string, const C extends Record<string, CallSpec>>(
  key: G,
  options: GroupOptions,
  calls: C,
): Group<G, C> => {
  const defs = Object.fromEntries(
    Object.entries(calls).map(([name, spec]) => [
      name,
      {
        group: key,
        name,
        method: spec.method,
        path: spec.path,
        params: paramsOf(spec.path),
        credential: spec.credential ?? options.credential ?? "user",
        base: baseOf(spec.path),
        permission: spec.permission === undefined ? options.permission : spec.permission,
        access: spec.access ?? options.access ?? "tenant",
        ...(spec.upload ? { upload: spec.upload } : {}),
        request: spec.request,
        response: spec.response,
      } satisfies CallDef,
    ]),
  )
  return { key, title: options.title, beyondSpec: options.beyondSpec === true, calls: defs as unknown as Group<G, C>["calls"] }
}
