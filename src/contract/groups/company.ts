import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, Instant } from "../schemas/common"
import { Client } from "../schemas/tenants"

/** The tenant's API key as its admin sees it: never the key itself, only whether one works and its last characters. */
export const ApiKeyState = Schema.Struct({
  active: Schema.Boolean,
  /** `ak_••••3f9a` while a key works; null after a revoke. */
  hint: Schema.NullOr(Schema.String),
  /** When the working key was made (null for a key from before keys were dated, or none). */
  created_at: Schema.NullOr(Instant),
})
export type ApiKeyState = typeof ApiKeyState.Type

/**
 * The business's own company pages (ours): the spec's calls update a business's profile but none reads it
 * back for the business itself (the Businesses group is the super admin's), and none shows, rotates or revokes the
 * tenant's API key (the credential of the spec's API-key calls). Always the caller's own business.
 */
export const company = defineGroup(
  "company",
  { title: "The business's own profile and API key", permission: "client_settings", beyondSpec: true },
  {
    fetchOwnClient: { method: "POST", path: "/backend/client/own", request: Empty, response: Data(Client) },
    // The Custom API sub-page's calls: a business's own key, which a super admin is refused.
    apiKeyState: { method: "POST", path: "/client/api-key", request: Empty, response: Data(ApiKeyState), access: "business" },
    /** A new key, answered once in clear; the previous key is refused from this call's commit on. */
    apiKeyRotate: {
      method: "POST",
      path: "/client/api-key/rotate",
      request: Empty,
      response: Data(Schema.Struct({ ...ApiKeyState.fields, key: Schema.String })),
      access: "business",
    },
    /** No key works any more until the next rotate. */
    apiKeyRevoke: { method: "POST", path: "/client/api-key/revoke", request: Empty, response: Data(ApiKeyState), access: "business" },
  },
)
