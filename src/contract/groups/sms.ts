import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const sms = defineGroup("sms", { title: "SMS", permission: "sms" }, {
  smsProviderAll: { method: "GET", path: "/sms/provider/all", request: Undesigned, response: Undesigned },
  smsProviderAdd: { method: "POST", path: "/sms/provider/add", request: Undesigned, response: Undesigned },
  smsProviderUpdate: { method: "POST", path: "/sms/provider/update", request: Undesigned, response: Undesigned },
  smsClientAll: { method: "POST", path: "/sms/client/all", request: Undesigned, response: Undesigned },
  smsClientAdd: { method: "POST", path: "/sms/client/add", request: Undesigned, response: Undesigned },
  smsClientUpdate: { method: "POST", path: "/sms/client/update", request: Undesigned, response: Undesigned },
  smsClientMaskingAll: { method: "POST", path: "/sms/client/masking/all", request: Undesigned, response: Undesigned },
  smsClientMaskingAdd: { method: "POST", path: "/sms/client/masking/add", request: Undesigned, response: Undesigned },
  smsClientMaskingUpdate: { method: "POST", path: "/sms/client/masking/update", request: Undesigned, response: Undesigned },
  smsSend: { method: "POST", path: "/sms/send", request: Undesigned, response: Undesigned },
  smsMessages: { method: "POST", path: "/sms/messages", request: Undesigned, response: Undesigned },
  smsProviderDeleteById: { method: "DELETE", path: "/sms/provider/delete/{id}", request: Undesigned, response: Undesigned },
})
