import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, IdBody, IdParam, ImportResult, List, ListQuery, Ok, Paged, optionalFields } from "../schemas/common"
import {
  City,
  CityInput,
  Country,
  CountryInput,
  LOCATIONS_CSV_MAX_CHARS,
  Location,
  LocationInput,
  NearbyLocation,
  NearestQuery,
} from "../schemas/locations"

export const locations = defineGroup(
  "locations",
  { title: "Locations", permission: "locations" },
  {
    fetchListCountries: {
      method: "POST",
      path: "/backend/fetch/list/countries",
      request: Schema.Struct(ListQuery),
      response: Paged(Country),
    },
    fetchListCities: {
      method: "POST",
      path: "/backend/fetch/list/cities",
      request: Schema.Struct({ ...ListQuery, country_id: Schema.optional(Id) }),
      response: Paged(City),
    },
    createCountry: {
      method: "POST",
      path: "/create/country",
      request: Schema.Struct(CountryInput),
      response: Data(Country),
      access: "superAdmin",
    },
    createCity: { method: "POST", path: "/create/city", request: Schema.Struct(CityInput), response: Data(City), access: "superAdmin" },
    updateCountryById: {
      method: "PUT",
      path: "/update/country/id",
      request: Schema.Struct({ id: IdParam, ...optionalFields(CountryInput) }),
      response: Data(Country),
      access: "superAdmin",
    },
    updateCityById: {
      method: "PUT",
      path: "/update/city/id",
      request: Schema.Struct({ id: IdParam, ...optionalFields(CityInput) }),
      response: Data(City),
      access: "superAdmin",
    },
    // Nearest locations: the tenant's branches that the bot offers by distance.
    fetchClientLocations: {
      method: "POST",
      path: "/fetch/client/locations",
      request: Schema.Struct({ ...ListQuery, city_id: Schema.optional(Id) }),
      response: Paged(Location),
    },
    clientBulkLocation: {
      method: "POST",
      path: "/client/bulk/location",
      /** A CSV file's text (header: name, address, latitude, longitude, city, phone, opening_hours); each line answered. */
      request: Schema.Struct({ csv: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(LOCATIONS_CSV_MAX_CHARS)) }),
      response: ImportResult,
    },
    searchClientLocation: {
      method: "POST",
      path: "/search/client/location",
      request: NearestQuery,
      response: List(NearbyLocation),
    },
    /** Creates a location, or updates it when `id` is given. */
    clientLocation: {
      method: "POST",
      path: "/client/location",
      request: Schema.Struct({ id: Schema.optional(Id), ...LocationInput }),
      response: Data(Location),
    },
    deleteClientLocation: { method: "POST", path: "/delete/client/location", request: IdBody, response: Ok },
  },
)
