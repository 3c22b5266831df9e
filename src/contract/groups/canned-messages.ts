import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const cannedMessages = defineGroup("cannedMessages", { title: "Canned messages", permission: "canned_messages" }, {
  cannedMessagesByType: { method: "POST", path: "/backend/canned/messages/{type}", request: Undesigned, response: Undesigned },
  fetchListCannedMessages: { method: "POST", path: "/backend/fetch/list/canned_messages", request: Undesigned, response: Undesigned },
  cannedMessagesCreate: { method: "POST", path: "/backend/canned/messages/create", request: Undesigned, response: Undesigned },
  cannedMessagesUpdateById: { method: "PUT", path: "/backend/canned/messages/update/id", request: Undesigned, response: Undesigned },
  cannedMessagesDeleteById: { method: "DELETE", path: "/backend/canned/messages/delete/{id}", request: Undesigned, response: Undesigned },
})
