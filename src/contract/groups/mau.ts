import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const mau = defineGroup("mau", { title: "Monthly active users", permission: "mau" }, {
  messagesMauAdmin: { method: "POST", path: "/messages/mau/admin", request: Undesigned, response: Undesigned },
  sendMailMau: { method: "POST", path: "/send/mail/mau", request: Undesigned, response: Undesigned },
  messagesMau: { method: "GET", path: "/messages/mau", request: Undesigned, response: Undesigned },
})
