import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Text } from "../schemas/common"
import { Product } from "../schemas/commerce"

/**
 * The products an agent may send from the composer, beyond the spec: the chat's permission, not the
 * catalogue editor's, so agents search what they send without being able to change the catalogue.
 */
export const chatProducts = defineGroup(
  "chatProducts",
  { title: "Products to send in the chat", permission: "chat", beyondSpec: true },
  {
    /** The tenant's in-stock products: the best trigram matches of `search` first, else by name. */
    chatProducts: {
      method: "POST",
      path: "/chat/products",
      request: Schema.Struct({
        search: Schema.optional(Text(200)),
        limit: Schema.optional(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 50 }))),
      }),
      response: Data(Schema.Array(Product)),
    },
  },
)
