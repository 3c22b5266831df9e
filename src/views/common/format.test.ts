/** The console's one duration format, in the three languages: seconds, hours to seconds, days to minutes. */
import { describe, expect, it } from "vitest"
import i18n from "i18next"
import { commonAr } from "./strings.ar"
import { commonEn } from "./strings"
import { commonTr } from "./strings.tr"
import { formatterFor } from "./format"

describe("format.duration", () => {
  const texts = { en: commonEn, tr: commonTr, ar: commonAr }
  const instance = i18n.createInstance()
  instance.init({ lng: "en", resources: Object.fromEntries(Object.entries(texts).map(([l, c]) => [l, { translation: c }])) })
  const formatIn = (language: string) => formatterFor(instance.getFixedT(language), language).duration

  it("words seconds, hours and days as each language does", () => {
    expect(formatIn("en")(45)).toBe("45s")
    expect(formatIn("en")(991)).toBe("16m 31s")
    expect(formatIn("en")(5373, true)).toBe("1h 29m")
    expect(formatIn("ar")(991)).toBe("16 د 31 ث")
    expect(formatIn("en")(3725)).toBe("1h 2m 5s")
    expect(formatIn("en")(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toBe("2d 3h 4m")
    expect(formatIn("en")(86_399)).toBe("23h 59m 59s")
    expect(formatIn("tr")(2 * 86_400 + 3 * 3600)).toBe("2 g 3 sa 0 dk")
    expect(formatIn("ar")(86_400 + 60)).toBe("1 ي 0 س 1 د")
  })
})
