import { Schema } from "effect"
import { defineGroup } from "../call"
import {
  Data,
  DateRange,
  Empty,
  Id,
  IdParam,
  Limit,
  List,
  ListQuery,
  Ok,
  Page,
  Paged,
  Phones,
  Text,
  optionalFields,
} from "../schemas/common"
import {
  SmsClient,
  SmsClientInput,
  MaskStatus,
  SmsMasking,
  SmsMaskingInput,
  SmsMessage,
  SmsProvider,
  SmsProviderInput,
  SmsSent,
  SmsStatus,
  SmsStatusCounts,
} from "../schemas/sms"

const superAdmin = { access: "superAdmin" } as const

export const sms = defineGroup(
  "sms",
  { title: "SMS", permission: "sms" },
  {
    smsProviderAll: {
      ...superAdmin,
      method: "GET",
      path: "/sms/provider/all",
      request: Empty,
      response: List(SmsProvider),
    },
    smsProviderAdd: {
      ...superAdmin,
      method: "POST",
      path: "/sms/provider/add",
      request: Schema.Struct(SmsProviderInput),
      response: Data(SmsProvider),
    },
    smsProviderUpdate: {
      ...superAdmin,
      method: "POST",
      path: "/sms/provider/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SmsProviderInput) }),
      response: Data(SmsProvider),
    },
    smsClientAll: {
      method: "POST",
      path: "/sms/client/all",
      request: Schema.Struct({ ...ListQuery, client_id: Schema.optional(Id) }),
      response: Paged(SmsClient),
    },
    smsClientAdd: {
      ...superAdmin,
      method: "POST",
      path: "/sms/client/add",
      request: Schema.Struct(SmsClientInput),
      response: Data(SmsClient),
    },
    smsClientUpdate: {
      ...superAdmin,
      method: "POST",
      path: "/sms/client/update",
      request: Schema.Struct({ id: Id, ...optionalFields(SmsClientInput) }),
      response: Data(SmsClient),
    },
    smsClientMaskingAll: {
      method: "POST",
      path: "/sms/client/masking/all",
      request: Schema.Struct({ ...ListQuery, sms_client_id: Schema.optional(Id), status: Schema.optional(MaskStatus) }),
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
      request: Schema.Struct({ id: Id, ...optionalFields(SmsMaskingInput), status: Schema.optional(MaskStatus) }),
      response: Data(SmsMasking),
    },
    /**
     * Up to 1,600 characters (ten parts); long texts are split (UDH concatenation) and billed per part. Recipients: pasted
     * numbers, a contact group and/or a segment (de-duplicated); the mask must be the tenant's, approved and active.
     */
    smsSend: {
      method: "POST",
      path: "/sms/send",
      request: Schema.Struct({
        to: Schema.optional(Phones(1000)),
        group_id: Schema.optional(Id),
        segment_id: Schema.optional(Id),
        text: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(1600)),
        masking_id: Id,
      }),
      response: Data(SmsSent),
    },
    /** The SMS report. */
    smsMessages: {
      method: "POST",
      path: "/sms/messages",
      request: Schema.Struct({
        ...ListQuery,
        limit: Schema.optional(Limit(999_999)),
        page: Schema.optional(Page),
        ...DateRange,
        status: Schema.optional(SmsStatus),
        mask: Schema.optional(Text(11)),
        number: Schema.optional(Text(20)),
        batch_id: Schema.optional(Text(40)),
      }),
      response: Data(
        Schema.Struct({
          items: Schema.Array(SmsMessage),
          totalItems: Schema.Number,
          page: Schema.Number,
          limit: Schema.Number,
          counts: SmsStatusCounts,
        }),
      ),
    },
    smsProviderDeleteById: {
      ...superAdmin,
      method: "DELETE",
      path: "/sms/provider/delete/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Ok,
    },
  },
)
