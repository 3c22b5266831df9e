import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const businesses = defineGroup("businesses", { title: "Businesses", permission: "businesses" }, {
  fetchClients: { method: "GET", path: "/backend/fetch/clients", request: Undesigned, response: Undesigned },
  fetchClientsMeta: { method: "GET", path: "/backend/fetch/clients-meta", request: Undesigned, response: Undesigned },
  fetchClientByClientId: { method: "GET", path: "/backend/fetch/client/{client_id}", request: Undesigned, response: Undesigned },
  clientStatsByClientId: { method: "GET", path: "/client/stats/{client_id}", request: Undesigned, response: Undesigned },
  clientInfoByClientId: { method: "GET", path: "/client/info/{client_id}", request: Undesigned, response: Undesigned },
  clientAgentsByClientId: { method: "GET", path: "/client/agents/{client_id}", request: Undesigned, response: Undesigned },
  fetchClientsPagination: { method: "POST", path: "/backend/fetch/clients-pagination", request: Undesigned, response: Undesigned },
  clientToggle: { method: "POST", path: "/backend/client/toggle", request: Undesigned, response: Undesigned },
  clientDelete: { method: "POST", path: "/backend/client/delete", request: Undesigned, response: Undesigned },
  clientStats: { method: "POST", path: "/client/stats", request: Undesigned, response: Undesigned },
  clientAgentsPaginated: { method: "POST", path: "/client/agents-paginated", request: Undesigned, response: Undesigned },
})
