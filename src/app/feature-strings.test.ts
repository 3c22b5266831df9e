/** Strings per feature: loaded once when needed, loaded in a new language before the switch, retried after a failure. */
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import type { StringLoaders } from "./feature"
import { attachFeatureStrings } from "./feature-strings"

const texts = { en: "Chat", tr: "Sohbet", ar: "محادثة" }

/** A feature `chat` whose loads are counted (and the first one may fail, like a chunk lost to the network). */
const catalogue = (failFirst = false) => {
  const calls: string[] = []
  const chat = Object.fromEntries(
    (["en", "tr", "ar"] as const).map((language) => [
      language,
      async () => {
        calls.push(language)
        // Arabic is the slow chunk, so a later quick choice can overtake it.
        if (language === "ar") await new Promise((resolve) => setTimeout(resolve, 20))
        if (failFirst && calls.length === 1) throw new Error("chunk failed")
        return { chat: { title: texts[language] } }
      },
    ]),
  ) as unknown as StringLoaders
  return { calls, catalogue: { chat } }
}

const start = async (language: string, failFirst = false) => {
  const i18n = i18next.createInstance()
  await i18n.init({ resources: { en: { translation: {} } }, lng: language, fallbackLng: "en" })
  const { calls, catalogue: strings } = catalogue(failFirst)
  return { i18n, calls, strings: attachFeatureStrings(i18n, strings) }
}

describe("feature strings", () => {
  it("loads a feature's strings in the language shown, once, under its top-level key", async () => {
    const { i18n, calls, strings } = await start("tr")
    expect(i18n.t("chat.title")).toBe("chat.title")
    await strings.need(["chat"])
    await strings.need(["chat"])
    expect(i18n.t("chat.title")).toBe("Sohbet")
    expect(calls).toEqual(["tr"])
  })

  it("loads the new language for the features already needed before switching: no raw key on the change", async () => {
    const { i18n, strings } = await start("en")
    await strings.need(["chat"])
    const seen: string[] = []
    i18n.on("languageChanged", () => seen.push(i18n.t("chat.title")))
    await i18n.changeLanguage("ar")
    expect(seen).toEqual(["محادثة"])
    await i18n.changeLanguage("en")
    expect(seen).toEqual(["محادثة", "Chat"])
  })

  it("a feature first needed after a switch comes in the new language", async () => {
    const { i18n, calls, strings } = await start("en")
    await i18n.changeLanguage("ar")
    await strings.need(["chat"])
    expect(i18n.t("chat.title")).toBe("محادثة")
    expect(calls).toEqual(["ar"])
  })

  it("the later of two quick choices wins", async () => {
    const { i18n, strings } = await start("en")
    await strings.need(["chat"])
    await Promise.all([i18n.changeLanguage("ar"), i18n.changeLanguage("tr")])
    expect(i18n.language).toBe("tr")
  })

  it("tries a failed load again the next time the feature is needed", async () => {
    const { i18n, calls, strings } = await start("en", true)
    await expect(strings.need(["chat"])).rejects.toThrow("chunk failed")
    await strings.need(["chat"])
    expect(i18n.t("chat.title")).toBe("Chat")
    expect(calls).toEqual(["en", "en"])
  })
})
