import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, IdParam, InlineFile } from "../schemas/common"
import { Attachment } from "../schemas/chat"

export const uploads = defineGroup(
  "uploads",
  { title: "Upload and attachments", permission: "chat" },
  {
    /** Stores a file (base64 in the JSON body) for a later media message. */
    upload: { method: "POST", path: "/upload", request: Schema.Struct(InlineFile), response: Data(Attachment) },
    messageAttachmentByAttachmentId: {
      method: "GET",
      path: "/message/attachment/{attachment_id}",
      request: Schema.Struct({ attachment_id: IdParam }),
      response: Data(Attachment),
    },
  },
)
