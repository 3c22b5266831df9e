/**
 * The bot's commerce actions, in the turn's transaction: "send nearest locations" asks `nearestBranches` (from the
 * point the step resolved) and "send a product list" asks `productList`; the same formatters as the editor's "try
 * it" panel make the message (src/contract/chatbots/commerce-replies.ts). Answers the message to queue, or null when
 * there is nothing to send (no location shared).
 */
import { type OutgoingMessage, isCommerceAction, nearestReply, productListReply } from "../../../src/contract/chatbots/commerce-replies"
import type { BotOutput } from "../../../src/contract/chatbots/flow-step"
import type { Channel } from "../../../src/contract/schemas/common"
import type { JobContext } from "../../core/jobs"
import { catalogueRefOf, productList } from "../catalogues"
import { nearestBranches } from "../locations"

type Act = Extract<BotOutput, { type: "act" }>

export const isCommerce = (out: Act): boolean => isCommerceAction(out.action)

export const commerceReply = async (ctx: JobContext, clientId: number, channel: Channel, out: Act): Promise<OutgoingMessage | null> => {
  const action = out.action
  if (action.do === "send_nearest") {
    if (!out.point) return null
    const openOnly = action.open_only ?? false
    const branches = await nearestBranches(ctx.db, clientId, out.point.latitude, out.point.longitude, action.count, {
      openOnly,
      at: ctx.clock.now(),
    })
    return nearestReply(branches, openOnly)
  }
  if (action.do === "send_products") {
    const links = { config: ctx.services.config, origin: "" }
    const [products, ref] = await Promise.all([
      productList(ctx.db, clientId, { catalogueId: action.catalogue_id, search: action.search }, action.limit, links),
      catalogueRefOf(ctx.db, clientId, action.catalogue_id),
    ])
    return productListReply(products, channel, ref)
  }
  return null
}
