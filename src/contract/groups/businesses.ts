import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, DateRange, Empty, Id, IdParam, List, ListQuery, Ok, Paged, UserRef } from "../schemas/common"
import { Client, ClientInfo, ClientStats, ClientsMeta, OnboardingStatus } from "../schemas/tenants"

const ByClient = Schema.Struct({ client_id: IdParam })
/** The agents' lists: a super admin's for any business, a tenant's (holding the users permission) for its own. */
const ownAgents = { access: "tenant", permission: "users" } as const

/** Business (tenant) management: super admins only, but for the agents of one's own business. */
export const businesses = defineGroup(
  "businesses",
  { title: "Businesses", permission: "businesses", access: "superAdmin" },
  {
    fetchClients: { method: "GET", path: "/backend/fetch/clients", request: Empty, response: List(Client) },
    fetchClientsMeta: {
      method: "GET",
      path: "/backend/fetch/clients-meta",
      request: Empty,
      response: Data(ClientsMeta),
    },
    fetchClientByClientId: {
      method: "GET",
      path: "/backend/fetch/client/{client_id}",
      request: ByClient,
      response: Data(Client),
    },
    clientStatsByClientId: {
      method: "GET",
      path: "/client/stats/{client_id}",
      request: ByClient,
      response: Data(ClientStats),
    },
    clientInfoByClientId: {
      method: "GET",
      path: "/client/info/{client_id}",
      request: ByClient,
      response: Data(ClientInfo),
    },
    /** Also a tenant admin's, for its own business only (the company sub-page Agents); another business is 404. */
    clientAgentsByClientId: {
      ...ownAgents,
      method: "GET",
      path: "/client/agents/{client_id}",
      request: ByClient,
      response: List(UserRef),
    },
    fetchClientsPagination: {
      method: "POST",
      path: "/backend/fetch/clients-pagination",
      request: Schema.Struct({
        ...ListQuery,
        active: Schema.optional(Schema.Boolean),
        onboarding_status: Schema.optional(OnboardingStatus),
      }),
      response: Paged(Client),
    },
    /** Suspends or re-activates a tenant; its users' tokens stop working while suspended. */
    clientToggle: {
      method: "POST",
      path: "/backend/client/toggle",
      request: Schema.Struct({ client_id: Id, active: Schema.Boolean }),
      response: Data(Client),
    },
    clientDelete: {
      method: "POST",
      path: "/backend/client/delete",
      request: Schema.Struct({ client_id: Id }),
      response: Ok,
    },
    clientStats: {
      method: "POST",
      path: "/client/stats",
      request: Schema.Struct(DateRange),
      response: List(ClientStats),
    },
    clientAgentsPaginated: {
      ...ownAgents,
      method: "POST",
      path: "/client/agents-paginated",
      request: Schema.Struct({ ...ListQuery, client_id: Id }),
      response: Paged(UserRef),
    },
  },
)
