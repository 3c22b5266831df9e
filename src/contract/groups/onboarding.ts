import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, Empty, Id, IdParam, InlineFile, List, Name, Text, Url, optionalFields } from "../schemas/common"
import { Attachment } from "../schemas/chat"
import { Country } from "../schemas/locations"
import {
  CallSetting,
  CallSettingFields,
  CallSettingWithSip,
  Client,
  ClientInput,
  ClientSettings,
  ClientSettingsFields,
  HealthCheck,
  OnboardingDetails,
  Registration,
  RegistrationDocument,
  WebhookConfig,
} from "../schemas/tenants"

export const onboarding = defineGroup(
  "onboarding",
  { title: "Onboarding and client settings", permission: "client_settings" },
  {
    /** Public: the registration form lists the countries before anyone is signed in. */
    fetchCountries: {
      method: "GET",
      path: "/fetch/countries",
      credential: "none",
      permission: null,
      request: Empty,
      response: List(Country),
    },
    fetchSubjectByClientId: {
      method: "GET",
      path: "/backend/fetch/subject/{client_id}",
      request: Schema.Struct({ client_id: IdParam }),
      response: Data(Schema.Struct({ client_id: Id, subject: Schema.NullOr(Schema.String) })),
    },
    /** Public: a new business signs up; it stays inactive until a super admin approves it. */
    register: {
      method: "POST",
      path: "/register",
      credential: "none",
      permission: null,
      request: Schema.Struct(Registration),
      response: Data(Client),
    },
    clientOnboarding: {
      method: "POST",
      path: "/backend/client/onboarding",
      request: Schema.Struct(OnboardingDetails),
      response: Data(Client),
    },
    registrationUpload: {
      method: "POST",
      path: "/registration/upload",
      /**
       * Public: the registration form uploads its documents before it registers (PDF, PNG or JPEG, at most 10 MiB).
       * The first upload answers an `upload_token`; the applicant's next uploads and the registration present it.
       */
      credential: "none",
      permission: null,
      request: Schema.Struct({ ...InlineFile, document_type: RegistrationDocument, upload_token: Registration.upload_token }),
      response: Data(Schema.Struct({ ...Attachment.fields, upload_token: Schema.String })),
    },
    clientUpdate: {
      method: "POST",
      path: "/backend/client/update",
      request: Schema.Struct(optionalFields(ClientInput)),
      response: Data(Client),
    },
    clientUpdateSubject: {
      method: "POST",
      path: "/backend/client/update/subject",
      request: Schema.Struct({ subject: Name(200) }),
      response: Data(Client),
    },
    clientAllsettings: { method: "POST", path: "/client/allsettings", request: Empty, response: Data(ClientSettings) },
    updateAllsettings: {
      method: "POST",
      path: "/update/allsettings",
      request: Schema.Struct(optionalFields(ClientSettingsFields)),
      response: Data(ClientSettings),
    },
    configureWebhook: {
      method: "POST",
      path: "/configure/webhook",
      request: Schema.Struct({ url: Url, verify_token: Text(200).check(Schema.isMinLength(8)) }),
      response: Data(WebhookConfig),
    },
    getWebhook: { method: "POST", path: "/get/webhook", request: Empty, response: Data(Schema.NullOr(WebhookConfig)) },
    clientHealthCheck: { method: "POST", path: "/client/health/check", request: Empty, response: Data(HealthCheck) },
    /** Pulls the tenant's approved templates from the channel into the product. */
    templateMigration: {
      method: "POST",
      path: "/template/migration",
      request: Empty,
      response: Data(Schema.Struct({ imported: Count, updated: Count, skipped: Count })),
    },
    /** Every agent reads it (ring timeout, quick replies, own softphone credentials): no client_settings permission. */
    getCallSetting: {
      method: "POST",
      path: "/get/call/setting",
      permission: null,
      request: Empty,
      response: Data(CallSettingWithSip),
    },
    callSetting: {
      method: "POST",
      path: "/call/setting",
      request: Schema.Struct(optionalFields(CallSettingFields)),
      response: Data(CallSetting),
    },
  },
)
