import { defineGroup } from "../call"
import { Data, Empty } from "../schemas/common"
import { OtpSettings } from "../schemas/otp"

/**
 * The OTP login's settings (`/apps/opt`), which the spec names as a screen without a call: on/off, the codes' lifetime,
 * wrong tries before a code dies, and the wait before a new code may be sent.
 */
export const otpSettings = defineGroup(
  "otpSettings",
  { title: "OTP login settings", permission: "otp", beyondSpec: true },
  {
    getOtpSettings: { method: "GET", path: "/otp/settings", request: Empty, response: Data(OtpSettings) },
    updateOtpSettings: { method: "PUT", path: "/otp/settings", request: OtpSettings, response: Data(OtpSettings) },
  },
)
