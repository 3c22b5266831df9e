import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const otp = defineGroup("otp", { title: "OTP", permission: "otp" }, {
  fetchOtpProviders: { method: "POST", path: "/fetch/otp-providers", request: Undesigned, response: Undesigned },
  addOtpProvider: { method: "POST", path: "/add/otp-provider", request: Undesigned, response: Undesigned },
  getClientWiseUsersOtp: { method: "POST", path: "/backend/get/client-wise/users/otp", request: Undesigned, response: Undesigned },
  getUsersOtpById: { method: "POST", path: "/backend/get/users/otp/{id}", request: Undesigned, response: Undesigned },
  authSendOtp: { method: "POST", path: "/auth/send-otp", request: Undesigned, response: Undesigned },
  authVerifyOtp: { method: "POST", path: "/auth/verify-otp", request: Undesigned, response: Undesigned },
  usersOtpById: { method: "POST", path: "/backend/users/otp/{id}", request: Undesigned, response: Undesigned },
  updateOtpProvider: { method: "PUT", path: "/update/otp-provider", request: Undesigned, response: Undesigned },
  usersOtpUpdateById: { method: "PUT", path: "/backend/users/otp/update/{id}", request: Undesigned, response: Undesigned },
  usersOtpRemoveById: { method: "PUT", path: "/backend/users/otp/remove/{id}", request: Undesigned, response: Undesigned },
  authOtpUsers: { method: "GET", path: "/auth/otp-users", request: Undesigned, response: Undesigned },
  otpReport: { method: "POST", path: "/otp/report", request: Undesigned, response: Undesigned },
  otpLogs: { method: "POST", path: "/otp-logs", request: Undesigned, response: Undesigned },
  updateRedeemById: { method: "PUT", path: "/update/redeem/{id}", request: Undesigned, response: Undesigned },
})
