import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, DateRange, Empty, Id, IdParam, List, ListQuery, Ok, Paged, Phones, optionalFields } from "../schemas/common"
import {
  SmsClient,
  SmsClientInput,
  SmsMasking,
  SmsMaskingInput,
  SmsMessage,
  SmsProvider,
  SmsProviderInput,
  SmsSent,
  SmsStatus,
} from "../schemas/sms"

export const sms = defineGroup(
  "sms",
  { title: "SMS", permission: "sms" },
  {
    smsProviderAll: { method: "GET", path: "/sms/provider/all", request: Empty, response: List(SmsProvider) },
    smsProviderAdd: {
      method: "POST",
      path: "/sms/provider/add",
      request: Schema.Struct(SmsProviderInput),
      response: Data(SmsProvider),
    },
    smsProviderUpdate: {
      method: "POST",
      path: "/sms/provider/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SmsProviderInput) }),
      response: Data(SmsProvider),
    },
    smsClientAll: {
      method: "POST",
      path: "/sms/client/all",
      request: Schema.Struct(ListQuery),
      response: Paged(SmsClient),
    },
    smsClientAdd: {
      method: "POST",
      path: "/sms/client/add",
      request: Schema.Struct(SmsClientInput),
      response: Data(SmsClient),
    },
    smsClientUpdate: {
      method: "POST",
      path: "/sms/client/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SmsClientInput) }),
      response: Data(SmsClient),
    },
    smsClientMaskingAll: {
      method: "POST",
      path: "/sms/client/masking/all",
      request: Schema.Struct({ ...ListQuery, sms_client_id: Schema.optional(Id) }),
      response: Paged(SmsMasking),
    },
    smsClientMaskingAdd: {
      method: "POST",
      path: "/sms/client/masking/add",
      request: Schema.Struct(SmsMaskingInput),
      response: Data(SmsMasking),
    },
    smsClientMaskingUpdate: {
      method: "POST",
      path: "/sms/client/masking/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SmsMaskingInput) }),
      response: Data(SmsMasking),
    },
    /** Up to 1,600 characters (ten parts); long texts are split and billed per part. */
    smsSend: {
      method: "POST",
      path: "/sms/send",
      request: Schema.Struct({
        to: Phones(1000),
        text: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(1600)),
        masking_id: Schema.optional(Id),
      }),
      response: Data(SmsSent),
    },
    /** The SMS report. */
    smsMessages: {
      method: "POST",
      path: "/sms/messages",
      request: Schema.Struct({ ...ListQuery, ...DateRange, status: Schema.optional(SmsStatus) }),
      response: Paged(SmsMessage),
    },
    smsProviderDeleteById: {
      method: "DELETE",
      path: "/sms/provider/delete/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Ok,
    },
  },
)
