/** Decodes a payload with a call's request schema; a failure becomes 400 with the first issue's field path. */
import { Exit, Cause, Schema, SchemaIssue } from "effect"
import type { CallDef } from "../../src/contract/call"
import { badRequest } from "./errors"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()
const decoders = new WeakMap<object, (input: unknown) => Exit.Exit<unknown, Schema.SchemaError>>()

const decoderOf = (call: CallDef) => {
  let decode = decoders.get(call)
  if (!decode) {
    const schema = call.request as unknown as Schema.Codec<unknown, unknown>
    decode = Schema.decodeUnknownExit(schema) as (input: unknown) => Exit.Exit<unknown, Schema.SchemaError>
    decoders.set(call, decode)
  }
  return decode
}

export const validatePayload = (call: CallDef, payload: unknown): unknown => {
  const exit = decoderOf(call)(payload)
  if (Exit.isSuccess(exit)) return exit.value
  const error = Cause.squash(exit.cause)
  if (!Schema.isSchemaError(error)) throw badRequest("Invalid request")
  const [first] = formatter(error.issue).issues
  const path = (first?.path ?? []).map((segment) =>
    String(typeof segment === "object" && segment !== null ? (segment as { key: PropertyKey }).key : segment),
  )
  const field = path.length > 0 ? path.join(".") : undefined
  return badRequestFor(field, first?.message ?? "Invalid request")
}

const badRequestFor = (field: string | undefined, message: string): never => {
  throw badRequest(field ? `${field}: ${message}` : message, field)
}
