import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, IdBody, ListQuery, Ok, Paged } from "../schemas/common"
import { BlacklistedToken, BlacklistedTokenInput, CacheName, CacheScope } from "../schemas/security"

export const blacklist = defineGroup(
  "blacklist",
  { title: "Blacklisted tokens and cache", permission: "blacklist" },
  {
    blacklistTokens: {
      method: "POST",
      path: "/blacklist/tokens",
      request: Schema.Struct(ListQuery),
      response: Paged(BlacklistedToken),
    },
    /** Revokes a token at once (a leaked API key or a stolen session). */
    blacklistTokenAdd: {
      method: "POST",
      path: "/blacklist/token/add",
      request: Schema.Struct(BlacklistedTokenInput),
      response: Data(BlacklistedToken),
    },
    blacklistTokenDelete: { method: "POST", path: "/blacklist/token/delete", request: IdBody, response: Ok },
    /** Drops the tenant's entries from the server's caches and names the caches it cleared (`caches`). */
    clearCache: {
      method: "POST",
      path: "/clear/cache",
      request: Schema.Struct({ scope: Schema.optional(CacheScope) }),
      response: Data(Schema.Struct({ cleared: Count, caches: Schema.Array(CacheName) })),
    },
  },
)
