import { Schema } from "effect"
import { Id, Instant, Name, Phone, Text } from "./common"

export const Country = Schema.Struct({
  id: Id,
  name: Schema.String,
  iso_code: Schema.String,
  dial_code: Schema.String,
  active: Schema.Boolean,
})
export type Country = typeof Country.Type
export const CountryInput = {
  name: Name(100),
  iso_code: Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/)),
  dial_code: Schema.String.check(Schema.isPattern(/^\+[0-9]{1,4}$/)),
  active: Schema.optional(Schema.Boolean),
}

export const City = Schema.Struct({ id: Id, country_id: Id, name: Schema.String, active: Schema.Boolean })
export type City = typeof City.Type
export const CityInput = { country_id: Id, name: Name(100), active: Schema.optional(Schema.Boolean) }

const Latitude = Schema.Number.check(Schema.isBetween({ minimum: -90, maximum: 90 }))
const Longitude = Schema.Number.check(Schema.isBetween({ minimum: -180, maximum: 180 }))

/** A branch or outlet the bot offers as "nearest location". */
export const Location = Schema.Struct({
  id: Id,
  name: Schema.String,
  address: Schema.String,
  city_id: Schema.NullOr(Id),
  city: Schema.NullOr(Schema.String),
  latitude: Latitude,
  longitude: Longitude,
  phone: Schema.NullOr(Schema.String),
  opening_hours: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type Location = typeof Location.Type
export const LocationInput = {
  name: Name(120),
  address: Name(300),
  city_id: Schema.optional(Id),
  latitude: Latitude,
  longitude: Longitude,
  phone: Schema.optional(Phone),
  opening_hours: Schema.optional(Text(200)),
}
/** A branch near a point: its distance, whether its opening hours say it is open now, and a map link. */
export const NearbyLocation = Schema.Struct({
  ...Location.fields,
  distance_km: Schema.Number,
  open_now: Schema.Boolean,
  map_url: Schema.String,
})
export type NearbyLocation = typeof NearbyLocation.Type
export const NearestQuery = Schema.Struct({
  latitude: Latitude,
  longitude: Longitude,
  radius_km: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0.1, maximum: 500 }))),
  limit: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 50 }))),
  /** Only branches whose opening hours say they are open now (branches without hours count as open). */
  open_only: Schema.optional(Schema.Boolean),
})

/** The largest bulk-location CSV accepted (about 20,000 branches). */
export const LOCATIONS_CSV_MAX_CHARS = 2_000_000
export type NearestQuery = typeof NearestQuery.Type
