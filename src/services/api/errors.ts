import { Schema } from "effect"

/**
 * The API client's failures: spec 000 section 8 plus the local ones (bad path parameter or payload, undecodable
 * answer). Schema-backed so a machine can keep them in its context and the inspector can show them.
 */

const CredentialKind = Schema.Literals(["user", "client", "apiKey"])

export const MISSING_USER_TOKEN = "Cannot call remote service without user authentication token"
export const MISSING_CLIENT_TOKEN = "Cannot call remote service without authentication token"
export const SESSION_REPLACED_ALERT = "You are already logged in on a different device. Please wait for a few minutes, and try again."
export const SESSION_EXPIRED_ALERT = "Your session has expired please try to login in again"

/** The stored token the call needs is absent; no request was sent. */
export class MissingToken extends Schema.TaggedError<MissingToken>()("MissingToken", {
  credential: CredentialKind,
  message: Schema.String,
}) {}

/** The group or call name is not in the catalogue ('Failed to resolve api [group]' / 'Failed to resolve api call [name]'). */
export class UnresolvedApi extends Schema.TaggedError<UnresolvedApi>()("UnresolvedApi", {
  group: Schema.String,
  name: Schema.optional(Schema.String),
  message: Schema.String,
}) {}

/** A `{x}` or literal `id` path segment had no value in the payload; no request was sent. */
export class MissingPathParam extends Schema.TaggedError<MissingPathParam>()("MissingPathParam", {
  group: Schema.String,
  name: Schema.String,
  param: Schema.String,
  message: Schema.String,
}) {}

/** The payload does not match the call's request schema; no request was sent. */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  group: Schema.String,
  name: Schema.String,
  message: Schema.String,
}) {}

/** HTTP 401 on a call made with a token: the session is over (alerted, storage cleared, page reloading). */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {
  credential: CredentialKind,
  code: Schema.String,
  message: Schema.String,
}) {}

/** Any other non-2xx answer, with the server's error body `{ error: { code, message, field? } }`. */
export class HttpFailure extends Schema.TaggedError<HttpFailure>()("HttpFailure", {
  status: Schema.Number,
  code: Schema.String,
  message: Schema.String,
  field: Schema.optional(Schema.String),
}) {}

/** The request never got an answer (connection refused, reset, bad URL). */
export class NetworkFailure extends Schema.TaggedError<NetworkFailure>()("NetworkFailure", {
  message: Schema.String,
}) {}

/** A 2xx answer whose body is not the call's response schema (or not JSON). */
export class DecodeFailure extends Schema.TaggedError<DecodeFailure>()("DecodeFailure", {
  group: Schema.String,
  name: Schema.String,
  status: Schema.Number,
  message: Schema.String,
}) {}

export type ApiError =
  | MissingToken
  | UnresolvedApi
  | MissingPathParam
  | InvalidRequest
  | Unauthorized
  | HttpFailure
  | NetworkFailure
  | DecodeFailure
