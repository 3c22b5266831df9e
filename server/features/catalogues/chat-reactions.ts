/** The tenant's products sent from the composer (`/messages/send/products`: chat/hooks.ts `sendKinds`). */
import type { SendAny } from "../../../src/contract/schemas/chat"
import { fileLinksOf, sendKinds, sendToNumbers } from "../chat"
import { productMessageOf } from "./product-message"

export const hooks = [
  sendKinds.provide("catalogues", "products", async (ctx, clientId, input) => {
    const { to, message } = (input as Extract<SendAny, { type: "products" }>).products
    return sendToNumbers(ctx, clientId, to, await productMessageOf(ctx.db, clientId, message.product_ids, fileLinksOf(ctx)))
  }),
]
