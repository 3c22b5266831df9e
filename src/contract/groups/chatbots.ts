import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const chatbots = defineGroup("chatbots", { title: "Chatbots and orders", permission: "chatbots" }, {
  getAutoreplyById: { method: "GET", path: "/get/autoreply/{id}", request: Undesigned, response: Undesigned },
  getAutoreply: { method: "GET", path: "/get/autoreply", request: Undesigned, response: Undesigned },
  createAutoreply: { method: "POST", path: "/create/autoreply", request: Undesigned, response: Undesigned },
  updateAutoreply: { method: "POST", path: "/update/autoreply", request: Undesigned, response: Undesigned },
  updateAttributeAutoreply: { method: "POST", path: "/update/attribute/autoreply", request: Undesigned, response: Undesigned },
  createSelfAutoreply: { method: "POST", path: "/create/self/autoreply", request: Undesigned, response: Undesigned },
  updateSelfAutoreply: { method: "POST", path: "/update/self/autoreply", request: Undesigned, response: Undesigned },
  updateAttributeSelfAutoreply: { method: "POST", path: "/update/attribute/self/autoreply", request: Undesigned, response: Undesigned },
  orders: { method: "POST", path: "/orders", request: Undesigned, response: Undesigned },
  orderUpdateStatus: { method: "POST", path: "/order/update/status", request: Undesigned, response: Undesigned },
})
