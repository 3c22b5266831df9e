import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const uploads = defineGroup("uploads", { title: "Upload and attachments", permission: "chat" }, {
  upload: { method: "POST", path: "/upload", request: Undesigned, response: Undesigned },
  messageAttachmentByAttachmentId: { method: "GET", path: "/message/attachment/{attachment_id}", request: Undesigned, response: Undesigned },
})
