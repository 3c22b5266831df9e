import { Schema } from "effect"
import { defineGroup } from "../call"
import { Attributes, Data, DateRange, Empty, Id, IdParam, List, ListQuery, Paged, Text, optionalFields } from "../schemas/common"
import { AutoReply, AutoReplyInput, Order, OrderQuery, OrderStatus } from "../schemas/commerce"

const Update = Schema.Struct({ id: Id, ...optionalFields(AutoReplyInput) })
/** Changes only the bot's attributes or on/off switch, leaving its flow alone. */
const AttributeUpdate = Schema.Struct({
  id: Id,
  attributes: Schema.optional(Attributes),
  active: Schema.optional(Schema.Boolean),
})

export const chatbots = defineGroup(
  "chatbots",
  { title: "Chatbots and orders", permission: "chatbots" },
  {
    getAutoreplyById: {
      method: "GET",
      path: "/get/autoreply/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Data(AutoReply),
    },
    getAutoreply: { method: "GET", path: "/get/autoreply", request: Empty, response: List(AutoReply) },
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
    },
    updateSelfAutoreply: { method: "POST", path: "/update/self/autoreply", request: Update, response: Data(AutoReply) },
    updateAttributeSelfAutoreply: {
      method: "POST",
      path: "/update/attribute/self/autoreply",
      request: AttributeUpdate,
      response: Data(AutoReply),
    },
    /** Orders customers placed through the catalogue in chat. */
    orders: {
      method: "POST",
      path: "/orders",
      request: Schema.Struct({ ...ListQuery, ...DateRange, ...OrderQuery }),
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
