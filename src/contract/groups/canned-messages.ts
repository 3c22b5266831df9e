import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, IdParam, List, ListQuery, Ok, Paged, optionalFields } from "../schemas/common"
import { CannedKind, CannedMessage, CannedMessageInput } from "../schemas/contacts"

export const cannedMessages = defineGroup(
  "cannedMessages",
  { title: "Canned messages", permission: "canned_messages" },
  {
    /** The canned messages of one kind, for the composer ("chat") or the call card's quick replies ("call"). */
    cannedMessagesByType: {
      method: "POST",
      path: "/backend/canned/messages/{type}",
      request: Schema.Struct({ type: CannedKind }),
      response: List(CannedMessage),
    },
    fetchListCannedMessages: {
      method: "POST",
      path: "/backend/fetch/list/canned_messages",
      request: Schema.Struct({ ...ListQuery, type: Schema.optional(CannedKind) }),
      response: Paged(CannedMessage),
    },
    cannedMessagesCreate: {
      method: "POST",
      path: "/backend/canned/messages/create",
      request: Schema.Struct(CannedMessageInput),
      response: Data(CannedMessage),
    },
    cannedMessagesUpdateById: {
      method: "PUT",
      path: "/backend/canned/messages/update/id",
      request: Schema.Struct({ id: IdParam, ...optionalFields(CannedMessageInput) }),
      response: Data(CannedMessage),
    },
    cannedMessagesDeleteById: {
      method: "DELETE",
      path: "/backend/canned/messages/delete/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Ok,
    },
  },
)
