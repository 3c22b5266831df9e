import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const locations = defineGroup("locations", { title: "Locations", permission: "locations" }, {
  fetchListCountries: { method: "POST", path: "/backend/fetch/list/countries", request: Undesigned, response: Undesigned },
  fetchListCities: { method: "POST", path: "/backend/fetch/list/cities", request: Undesigned, response: Undesigned },
  createCountry: { method: "POST", path: "/create/country", request: Undesigned, response: Undesigned },
  createCity: { method: "POST", path: "/create/city", request: Undesigned, response: Undesigned },
  updateCountryById: { method: "PUT", path: "/update/country/id", request: Undesigned, response: Undesigned },
  updateCityById: { method: "PUT", path: "/update/city/id", request: Undesigned, response: Undesigned },
  fetchClientLocations: { method: "POST", path: "/fetch/client/locations", request: Undesigned, response: Undesigned },
  clientBulkLocation: { method: "POST", path: "/client/bulk/location", request: Undesigned, response: Undesigned },
  searchClientLocation: { method: "POST", path: "/search/client/location", request: Undesigned, response: Undesigned },
  clientLocation: { method: "POST", path: "/client/location", request: Undesigned, response: Undesigned },
  deleteClientLocation: { method: "POST", path: "/delete/client/location", request: Undesigned, response: Undesigned },
})
