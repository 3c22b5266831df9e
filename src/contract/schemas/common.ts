import { Schema } from "effect"

/** A database row id. */
export const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThan(0))
/** A path or body id that may arrive as text (path segments always do). */
export const IdParam = Schema.Union([Id, Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,15}$/))])

export const NonEmpty = Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty())
export const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))
export const Email = Schema.String.check(Schema.isMaxLength(254), Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/))
/** E.164-ish phone number as customers write it: digits with an optional leading +. */
export const Phone = Schema.String.check(Schema.isPattern(/^\+?[0-9]{5,16}$/))
/** ISO 8601 instant, as the server writes timestamps. */
export const Instant = Schema.String
/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (spec 000 section 7). */
export const DateTimeText = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$|^\d{4}-\d{2}-\d{2}T[0-9:.]+Z?$/),
)

export const Page = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
export const Limit = (max = 1000) => Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: max }))

/** The paging and search fields most list calls accept. */
export const ListQuery = {
  page: Schema.optional(Page),
  limit: Schema.optional(Limit()),
  search: Schema.optional(Text(200)),
}

export const Empty = Schema.Struct({})

/** `{ data: T }`: the envelope of every designed response. */
export const Data = <S extends Schema.Top>(schema: S) => Schema.Struct({ data: schema })

/** `{ data: { items, totalItems, page, limit } }`: a page of a list. */
export const Paged = <S extends Schema.Top>(item: S) =>
  Data(Schema.Struct({ items: Schema.Array(item), totalItems: Schema.Number, page: Schema.Number, limit: Schema.Number }))

/** `{ data: { ok: true } }` for writes that return nothing else. */
export const Ok = Data(Schema.Struct({ ok: Schema.Boolean }))

/** The error body of every 4xx/5xx answer: `{ error: { code, message, field? } }`. */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String, field: Schema.optional(Schema.String) }),
})
export type ErrorBody = typeof ErrorBody.Type

/** Placeholder for a call whose shapes are not designed yet; removed once every group is designed. */
export const Undesigned = Schema.Unknown
