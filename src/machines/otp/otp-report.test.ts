/** The OTP report's machine walked model-based (the report kit's model), and its totals. */
import { describe, expect, it } from "vitest"
import { checkReportModel, rangeDrafts } from "../report-kit/report-model.testing"
import { otpReportConfig, totalsOf } from "./otp-report"

describe("OTP report totals", () => {
  it("sums each figure over the rows", () => {
    const row = { date: "2026-11-23", provider_name: "A", sent: 3, verified: 1, expired: 1, dead: 1, redeemed: 1, failed: 0 }
    expect(totalsOf([row, { ...row, provider_name: null, sent: 2, failed: 2 }])).toEqual({
      sent: 5,
      verified: 2,
      expired: 2,
      dead: 2,
      redeemed: 2,
      failed: 2,
    })
    expect(totalsOf([]).sent).toBe(0)
  })
})

checkReportModel("OTP", otpReportConfig(() => new Date("2026-03-15T12:00:00Z")) as never, rangeDrafts)
