import { Schema } from "effect"
import { defineGroup } from "../call"
import { ForBusiness } from "../schemas/reports"
import { Data, DateRange, Empty, Id, IdBody, IdParam, List, ListQuery, Ok, Paged, optionalFields } from "../schemas/common"
import {
  OtpCode,
  OtpKey,
  OtpLogsRequest,
  OtpLogsResponse,
  OtpProvider,
  OtpProviderInput,
  OtpReportRow,
  OtpSent,
  OtpUser,
  OtpUserInput,
  OtpVerified,
} from "../schemas/otp"

const Username = OtpUserInput.username

export const otp = defineGroup(
  "otp",
  { title: "OTP", permission: "otp" },
  {
    fetchOtpProviders: {
      method: "POST",
      path: "/fetch/otp-providers",
      request: Schema.Struct(ListQuery),
      response: Paged(OtpProvider),
    },
    addOtpProvider: {
      method: "POST",
      path: "/add/otp-provider",
      request: Schema.Struct(OtpProviderInput),
      response: Data(OtpProvider),
    },
    getClientWiseUsersOtp: {
      method: "POST",
      path: "/backend/get/client-wise/users/otp",
      request: Schema.Struct({ ...ListQuery, provider_id: Schema.optional(Id) }),
      response: Paged(OtpUser),
    },
    getUsersOtpById: { method: "POST", path: "/backend/get/users/otp/{id}", request: IdBody, response: Data(OtpUser) },
    /** Sends a login code to an OTP user through their provider; like `/auth/user`, it takes no credential. */
    authSendOtp: {
      method: "POST",
      path: "/auth/send-otp",
      request: Schema.Struct({ username: Username }),
      response: Data(OtpSent),
      credential: "none",
      permission: null,
    },
    /** Checks a code, named by the `otp_key` the send answered; a right login code answers the session too (OtpVerified.login). */
    authVerifyOtp: {
      method: "POST",
      path: "/auth/verify-otp",
      request: Schema.Struct({ otp_key: OtpKey, otp_code: OtpCode }),
      response: Data(OtpVerified),
      credential: "none",
      permission: null,
    },
    /** Enrols console user `{id}` for OTP login. */
    usersOtpById: {
      method: "POST",
      path: "/backend/users/otp/{id}",
      request: Schema.Struct({ id: IdParam, ...optionalFields(OtpUserInput) }),
      response: Data(OtpUser),
    },
    updateOtpProvider: {
      method: "PUT",
      path: "/update/otp-provider",
      request: Schema.Struct({ id: Id, ...optionalFields(OtpProviderInput) }),
      response: Data(OtpProvider),
    },
    usersOtpUpdateById: {
      method: "PUT",
      path: "/backend/users/otp/update/{id}",
      request: Schema.Struct({ id: IdParam, ...optionalFields(OtpUserInput) }),
      response: Data(OtpUser),
    },
    usersOtpRemoveById: { method: "PUT", path: "/backend/users/otp/remove/{id}", request: IdBody, response: Ok },
    authOtpUsers: { method: "GET", path: "/auth/otp-users", request: Empty, response: List(OtpUser) },
    otpReport: {
      method: "POST",
      path: "/otp/report",
      request: Schema.Struct({ ...DateRange, ...ListQuery, provider_id: Schema.optional(Id), ...ForBusiness }),
      response: Paged(OtpReportRow),
    },
    /** The OTP Logs screen (spec 001 section 3). */
    otpLogs: { method: "POST", path: "/otp-logs", request: OtpLogsRequest, response: OtpLogsResponse },
    /** Marks the code of log row `{id}` as redeemed (used), or not. */
    updateRedeemById: {
      method: "PUT",
      path: "/update/redeem/{id}",
      request: Schema.Struct({ id: IdParam, redeemed: Schema.Boolean }),
      response: Ok,
    },
  },
)
