import { Schema } from "effect"
import { defineGroup } from "../call"
import { Attributes, Data, DateRange, Empty, Id, IdParam, Limit, List, ListQuery, Paged, Text, optionalFields } from "../schemas/common"
import { AutoReply, AutoReplyInput } from "../schemas/chatbots"
import { Order, OrderQuery, OrderStatus } from "../schemas/commerce"

const Update = Schema.Struct({ id: Id, ...optionalFields(AutoReplyInput) })
/** Changes only the bot's attributes or on/off switch, leaving its flow alone. */
const AttributeUpdate = Schema.Struct({
  id: Id,
  attributes: Schema.optional(Attributes),
  active: Schema.optional(Schema.Boolean),
})

/**
 * Agents read the tenant's bots (their messages show in the agent's threads) and keep their own away message, so those
 * calls need the chat permission; creating and changing the tenant's bots needs `chatbots`.
 */
const AGENT = "chat"

export const chatbots = defineGroup(
  "chatbots",
  { title: "Chatbots and orders", permission: "chatbots" },
  {
    getAutoreplyById: {
      method: "GET",
      path: "/get/autoreply/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Data(AutoReply),
      permission: AGENT,
    },
    getAutoreply: { method: "GET", path: "/get/autoreply", request: Empty, response: List(AutoReply), permission: AGENT },
    // The plain forms serve the admin chatbot builder (/adminchatbot); the self forms the company area's
    // self-service auto-reply (/apps/addAutoReply). Both store an AutoReply, told apart by `self_service`.
    createAutoreply: {
      method: "POST",
      path: "/create/autoreply",
      request: Schema.Struct(AutoReplyInput),
      response: Data(AutoReply),
    },
    updateAutoreply: { method: "POST", path: "/update/autoreply", request: Update, response: Data(AutoReply) },
    updateAttributeAutoreply: {
      method: "POST",
      path: "/update/attribute/autoreply",
      request: AttributeUpdate,
      response: Data(AutoReply),
    },
    createSelfAutoreply: {
      method: "POST",
      path: "/create/self/autoreply",
      request: Schema.Struct(AutoReplyInput),
      response: Data(AutoReply),
      permission: AGENT,
    },
    updateSelfAutoreply: { method: "POST", path: "/update/self/autoreply", request: Update, response: Data(AutoReply), permission: AGENT },
    updateAttributeSelfAutoreply: {
      method: "POST",
      path: "/update/attribute/self/autoreply",
      request: AttributeUpdate,
      response: Data(AutoReply),
      permission: AGENT,
    },
    /** Orders customers placed through the catalogue in chat; a CSV export asks for every row on one page (read as it streams). */
    orders: {
      method: "POST",
      path: "/orders",
      request: Schema.Struct({ ...ListQuery, limit: Schema.optional(Limit(999_999)), ...DateRange, ...OrderQuery }),
      response: Paged(Order),
      permission: "orders",
    },
    orderUpdateStatus: {
      method: "POST",
      path: "/order/update/status",
      request: Schema.Struct({ id: Id, status: OrderStatus, note: Schema.optional(Text(500)) }),
      response: Data(Order),
      permission: "orders",
    },
  },
)
