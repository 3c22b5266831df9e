/**
 * The public information-collection form's two server routes (server/features/contact-form/contact-form-routes.ts),
 * called without any login: the form's fields for a link's token, and the visitor's answers. They are not contract
 * calls (the contract is the spec's 369), so they are sent here over the same HttpClient and API base as the API
 * client. A refusal is a PublicFormError with the server's status, code, message and field.
 */
import { Effect, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { ContactFormField } from "../../contract/schemas/contacts"
import { ApiConfig } from "../api/config"

export class PublicFormError extends Schema.TaggedError<PublicFormError>()("PublicFormError", {
  status: Schema.Number,
  code: Schema.String,
  message: Schema.String,
  field: Schema.optional(Schema.String),
}) {}

export const PublicForm = Schema.Struct({ business: Schema.String, fields: Schema.Array(ContactFormField) })
export type PublicForm = typeof PublicForm.Type

const ErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String, field: Schema.optional(Schema.NullOr(Schema.String)) }),
})

const post = <S extends Schema.Top>(path: string, body: unknown, schema: S) =>
  Effect.gen(function* () {
    const config = yield* ApiConfig
    const client = yield* HttpClient.HttpClient
    const network = (e: { message: string }) => new PublicFormError({ status: 0, code: "NETWORK", message: e.message })
    const url = `${config.origin.replace(/\/+$/, "")}${config.apiBase}/public/contact-form/${path}`
    const request = yield* HttpClientRequest.bodyJson(HttpClientRequest.post(url, { headers: { accept: "application/json" } }), body).pipe(
      Effect.orDie,
    )
    const response = yield* client.execute(request).pipe(Effect.mapError(network))
    const json = yield* response.json.pipe(Effect.mapError(network))
    if (response.status < 200 || response.status >= 300) {
      const error = Schema.decodeUnknownExit(ErrorBody)(json)
      const detail = error._tag === "Success" ? error.value.error : { code: `HTTP_${response.status}`, message: "", field: null }
      return yield* new PublicFormError({
        status: response.status,
        code: detail.code,
        message: detail.message,
        ...(detail.field ? { field: detail.field } : {}),
      })
    }
    return yield* Schema.decodeUnknownEffect(Schema.Struct({ data: schema }))(json).pipe(
      Effect.map((decoded) => (decoded as { data: S["Type"] }).data),
      Effect.mapError((e) => new PublicFormError({ status: response.status, code: "DECODE", message: e.message })),
    )
  })

export const publicFormOf = (token: string) => post("fields", { token }, PublicForm)

export const submitPublicForm = (answers: { token: string; number: string; values: Readonly<Record<string, string>> }) =>
  post("submit", answers, Schema.Struct({ ok: Schema.Boolean, created: Schema.Boolean }))
