import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { SMS_LIMITS, countSms, smsCost, smsEncodingOf, splitSms } from "./sms-segments"

const unitsOf = (part: string) => countSms(part).units

describe("SMS encoding and segments", () => {
  it("plain Latin text is GSM-7: 160 in one part, 161 makes two of 153", () => {
    expect(countSms("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, parts: 1, perPart: 160, remaining: 0 })
    const two = countSms("a".repeat(161))
    expect(two).toMatchObject({ encoding: "GSM-7", parts: 2, perPart: 153, remaining: 153 - 8 })
    expect(countSms("a".repeat(306)).parts).toBe(2)
    expect(countSms("a".repeat(307)).parts).toBe(3)
  })

  it("the extension table counts double and never straddles two parts", () => {
    expect(smsEncodingOf("^{}[~]|€\\")).toBe("GSM-7")
    expect(countSms("€").units).toBe(2)
    expect(countSms("{}[]").units).toBe(8)
    expect(countSms("€".repeat(80)).parts).toBe(1)
    expect(countSms("€".repeat(81)).parts).toBe(2)
    // 152 plain septets then a euro: the euro (2 septets) does not fit in the first part's last septet.
    const parts = splitSms(`${"a".repeat(152)}€${"b".repeat(10)}`)
    expect(parts[0]).toBe("a".repeat(152))
    expect(parts[1].startsWith("€")).toBe(true)
  })

  it("GSM accented letters stay GSM-7; Turkish ğ, ş, ı need UCS-2", () => {
    expect(smsEncodingOf("Ça è é ù ì ò Ä Ö Ñ Ü ß")).toBe("GSM-7")
    expect(smsEncodingOf("Merhaba ğ")).toBe("UCS-2")
    expect(smsEncodingOf("şeker")).toBe("UCS-2")
    expect(smsEncodingOf("ılık")).toBe("UCS-2")
    expect(countSms("ğ".repeat(70))).toMatchObject({ encoding: "UCS-2", parts: 1, remaining: 0 })
    expect(countSms("ğ".repeat(71))).toMatchObject({ encoding: "UCS-2", parts: 2, perPart: 67 })
  })

  it("Arabic is UCS-2: 70 in one part, 67 per part after", () => {
    const arabic = "مرحبا بكم في خدمتنا"
    expect(countSms(arabic)).toMatchObject({ encoding: "UCS-2", units: arabic.length, parts: 1 })
    expect(countSms("م".repeat(134)).parts).toBe(2)
    expect(countSms("م".repeat(135)).parts).toBe(3)
  })

  it("an emoji is two UCS-2 units and is never cut in half", () => {
    expect(countSms("😀")).toMatchObject({ encoding: "UCS-2", units: 2, parts: 1 })
    expect(countSms("😀".repeat(35)).parts).toBe(1)
    const parts = splitSms(`${"x".repeat(66)}😀tail${"y".repeat(10)}`)
    expect(parts[0]).toBe("x".repeat(66))
    expect(parts[1].startsWith("😀")).toBe(true)
  })

  it("an empty text has no parts; cost is parts × recipients × rate", () => {
    expect(countSms("")).toMatchObject({ parts: 0, units: 0 })
    expect(splitSms("")).toEqual([])
    expect(smsCost(3, 2, 0.05)).toBe(0.3)
  })

  it("joined parts give the text back and no part is over its limit (any text)", () => {
    const alphabet = fc.constantFrom(..."abcXYZ 019@£€^{}[]~|\\ğşıمرح😀é\n")
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 600 }), (chars) => {
        const text = chars.join("")
        const parts = splitSms(text)
        expect(parts.join("")).toBe(text)
        const { encoding } = countSms(text)
        const limit = parts.length > 1 ? SMS_LIMITS[encoding].multi : SMS_LIMITS[encoding].single
        for (const part of parts) {
          // A part is counted in the whole text's encoding (a GSM-only part of a UCS-2 text still goes as UCS-2).
          const units = encoding === "UCS-2" ? part.length : unitsOf(part)
          expect(units).toBeLessThanOrEqual(limit)
        }
        expect(countSms(text).parts).toBe(parts.length)
      }),
      { numRuns: 300 },
    )
  })
})
