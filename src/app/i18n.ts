/**
 * i18next with the shell's three languages. The choice persists in `i18nextLng`; `<html dir/lang>` follow every
 * change so Blueprint and our own CSS mirror for Arabic. The common strings (app, errors, alerts, failures) come
 * with the entry in English; every feature's strings load when the feature is needed (src/app/feature-strings.ts).
 */
import i18next, { type i18n as I18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { StorageKeys } from "../services/browser/storage-keys"
import { commonEn } from "../views/common/strings"
import type { StringLoaders } from "./feature"
import { attachFeatureStrings, type FeatureStrings } from "./feature-strings"
import { features } from "./features"
import { isLanguage, LANGUAGES, type Language } from "./languages"

const stored = (): Language | null => {
  try {
    const value = window.localStorage.getItem(StorageKeys.language)
    return isLanguage(value) ? value : null
  } catch {
    return null
  }
}

const browserLanguage = (): Language => {
  const preferred = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language])
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0]
    if (isLanguage(base)) return base
  }
  return "en"
}

const applyDocument = (instance: I18n, language: string) => {
  document.documentElement.lang = language
  document.documentElement.dir = instance.dir(language)
}

const COMMON = "common"

/** Every bundle of strings by name: the common one and each feature's. */
export const stringCatalogue = (): Readonly<Record<string, StringLoaders>> => ({
  [COMMON]: {
    en: () => Promise.resolve(commonEn),
    tr: () => import("../views/common/strings.tr").then((m) => m.commonTr),
    ar: () => import("../views/common/strings.ar").then((m) => m.commonAr),
  },
  ...Object.fromEntries(features.flatMap((feature) => (feature.strings ? [[feature.name, feature.strings]] : []))),
})

let featureStrings: FeatureStrings | null = null

/** Resolves once the named features' strings are in (see src/app/screens.ts for who needs what when). */
export const needStrings = (names: readonly string[]): Promise<void> => {
  if (!featureStrings) return Promise.reject(new Error("needStrings before initI18n"))
  return featureStrings.need(names)
}

/** Resolves once the chosen language's common strings are loaded. */
export const initI18n = async (): Promise<I18n> => {
  const instance = i18next.createInstance()
  const language = stored() ?? browserLanguage()
  const catalogue = stringCatalogue()
  // Given at init, so i18next resolves to the chosen language from the start (right to left for Arabic).
  const common = await catalogue[COMMON][language]()
  await instance.use(initReactI18next).init({
    resources: { en: { translation: commonEn }, [language]: { translation: common } },
    lng: language,
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  featureStrings = attachFeatureStrings(instance, catalogue)
  await featureStrings.need([COMMON])
  applyDocument(instance, language)
  instance.on("languageChanged", (next) => {
    applyDocument(instance, next)
    try {
      window.localStorage.setItem(StorageKeys.language, next)
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  })
  return instance
}

/** The English texts the API client alerts with, mapped to their translation keys. */
export const alertKeyOf = (message: string): string | undefined =>
  (Object.keys(commonEn.alerts) as (keyof typeof commonEn.alerts)[])
    .map((key) => ({ key, text: commonEn.alerts[key] }))
    .find((entry) => entry.text === message)?.key
