/**
 * i18next with the shell's three languages. The choice persists in `i18nextLng`; `<html dir/lang>` follow every
 * change so Blueprint and our own CSS mirror for Arabic.
 */
import i18next, { type BackendModule, type i18n as I18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { StorageKeys } from "../services/browser/storage-keys"
import { en } from "../views/common/strings"

export const LANGUAGES = ["en", "tr", "ar"] as const
export type Language = (typeof LANGUAGES)[number]

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)

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

/** Turkish and Arabic load on demand (English is bundled): the login page carries one language, not three. */
const lazyLanguages: BackendModule = {
  type: "backend",
  init: () => {},
  read: (language, _namespace, callback) => {
    const load =
      language === "tr"
        ? import("../views/common/strings.tr").then((m) => m.tr)
        : language === "ar"
          ? import("../views/common/strings.ar").then((m) => m.ar)
          : Promise.resolve(en)
    load.then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, false),
    )
  },
}

/** Resolves once the chosen language's strings are loaded. */
export const initI18n = async (): Promise<I18n> => {
  const instance = i18next.createInstance()
  const language = stored() ?? browserLanguage()
  await instance
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    })
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
  (Object.keys(en.alerts) as (keyof typeof en.alerts)[])
    .map((key) => ({ key, text: en.alerts[key] }))
    .find((entry) => entry.text === message)?.key
