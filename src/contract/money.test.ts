import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { majorText, minorOf } from "./money"

describe("prices in major and minor units", () => {
  it("reads a typed price in the currency's decimals", () => {
    expect(minorOf("12.50", "USD")).toBe(1250)
    expect(minorOf(" 12,5 ", "TRY")).toBe(1250)
    expect(minorOf("0.29", "USD")).toBe(29)
    expect(minorOf("7", "USD")).toBe(700)
    expect(minorOf("2500", "JPY")).toBe(2500)
    expect(minorOf("1.234", "KWD")).toBe(1234)
  })

  it("refuses what is not a price the currency can hold", () => {
    for (const bad of ["", "-1", "1.234", "1e3", "12.50 USD", "1.2.3", "abc"]) expect(minorOf(bad, "USD")).toBeNull()
    expect(minorOf("1.5", "JPY")).toBeNull()
    expect(minorOf("100000000000000", "USD")).toBeNull()
  })

  it("gives back what majorText wrote", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom("USD", "TRY", "JPY", "KWD", "EUR"), (minor, currency) => {
        expect(minorOf(majorText(minor, currency), currency)).toBe(minor)
      }),
    )
  })
})
