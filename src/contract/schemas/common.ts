import { Schema, Struct } from "effect"

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

// ---- Building blocks shared by the designed groups -------------------------------------------------

/** A whole number that counts something (never negative). */
export const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))
/** A non-negative amount of money or a rate; currencies travel beside it as ISO 4217 codes. */
export const Amount = Schema.Number.check(Schema.isFinite(), Schema.isGreaterThanOrEqualTo(0))
export const Currency = Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/))
/** A display name: trimmed, non-empty, bounded so list screens and indexes stay sane. */
export const Name = (max = 120) => NonEmpty.check(Schema.isMaxLength(max))
export const Url = Schema.String.check(Schema.isMaxLength(2048), Schema.isPattern(/^https?:\/\/[^\s]+$/))
export const Color = Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))
/** `YYYY-MM`, the key of monthly reports. */
export const Month = Schema.String.check(Schema.isPattern(/^\d{4}-(0[1-9]|1[0-2])$/))
/** `HH:mm`, a time of day in the tenant's time zone. */
export const TimeOfDay = Schema.String.check(Schema.isPattern(/^([01]\d|2[0-3]):[0-5]\d$/))

/** The customer channels the product speaks (spec 000 section 1). */
export const Channel = Schema.Literals(["whatsapp", "facebook", "instagram", "sms", "webchat"])
export type Channel = typeof Channel.Type

/**
 * A customer's address on their channel: the phone number on WhatsApp and SMS, the page-scoped id on Facebook and
 * Instagram, the visitor id on web chat. The spec's "Number / Id's" column.
 */
export const CustomerNumber = Schema.String.check(Schema.isPattern(/^\+?[A-Za-z0-9._:-]{3,64}$/))
export const CustomerNumbers = (max = 1000) => Schema.Array(CustomerNumber).check(Schema.isMinLength(1), Schema.isMaxLength(max))

/** A bounded, non-empty list of phone numbers (bulk sends cap the fan-out per request). */
export const Phones = (max = 1000) => Schema.Array(Phone).check(Schema.isMinLength(1), Schema.isMaxLength(max))
/** A bounded, non-empty list of ids. */
export const Ids = Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(1000))

/** Optional date-range filter fields (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`). */
export const DateRange = {
  start_date: Schema.optional(DateTimeText),
  end_date: Schema.optional(DateTimeText),
}

/** Free-form customer attributes: scalar values only, so they stay searchable and exportable. */
export const AttributeValue = Schema.Union([Schema.String.check(Schema.isMaxLength(1000)), Schema.Number, Schema.Boolean, Schema.Null])
export const Attributes = Schema.Record(Schema.String.check(Schema.isMaxLength(64)), AttributeValue).check(Schema.isMaxProperties(100))

/** `{ id }`: the request of write calls that name one row in the body (deletes, toggles). */
export const IdBody = Schema.Struct({ id: IdParam })

/** `{ data: T[] }`: an unpaged list (pickers, small per-tenant sets). */
export const List = <S extends Schema.Top>(item: S) => Data(Schema.Array(item))

/** Every field of an entity's input made optional: the body of partial updates. */
export const optionalFields = <F extends Schema.Struct.Fields>(fields: F) => Struct.map(fields, Schema.optional)

/** A status and how many rows hold it (report cards). */
export const StatusCount = Schema.Struct({ status: Schema.String, count: Count })

/** A point of a daily or hourly series on the dashboards. */
export const SeriesPoint = Schema.Struct({ date: Schema.String, value: Schema.Number })

/** The outcome of a bulk import (CSV contacts, bulk locations). */
export const ImportResult = Data(
  Schema.Struct({
    inserted: Count,
    updated: Count,
    skipped: Count,
    errors: Schema.Array(Schema.Struct({ line: Count, message: Schema.String })),
  }),
)

/** A file sent inline as base64 in a JSON body (about 16 MiB of content at most). */
export const InlineFile = {
  file_name: Name(255),
  mime_type: Schema.String.check(Schema.isPattern(/^[a-z]+\/[a-z0-9.+-]+$/i), Schema.isMaxLength(127)),
  data_base64: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(22_400_000), Schema.isPattern(/^[A-Za-z0-9+/]*={0,2}$/)),
}

/** A tenant's user as other rows refer to it (agents, assignees, group members). */
export const UserRef = Schema.Struct({
  id: Id,
  username: Schema.String,
  display_name: Schema.NullOr(Schema.String),
  online: Schema.Boolean,
})
export type UserRef = typeof UserRef.Type
