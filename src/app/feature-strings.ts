/**
 * Loads strings per feature into i18next's default namespace, under their own top-level keys (`t("chat.title")`),
 * when a feature is first needed. A language switch first loads the new language for every feature needed so far,
 * then switches: no screen ever shows a raw key or another language's text.
 */
import type { i18n as I18n } from "i18next"
import type { StringLoaders } from "./feature"
import { isLanguage, type Language } from "./languages"

export interface FeatureStrings {
  /** Resolves once the named features' strings are in, in the language shown (and in one being switched to). */
  readonly need: (names: readonly string[]) => Promise<void>
}

export const attachFeatureStrings = (i18n: I18n, catalogue: Readonly<Record<string, StringLoaders>>): FeatureStrings => {
  const needed = new Set<string>()
  const loads = new Map<string, Promise<void>>()
  const shown = (): Language => (isLanguage(i18n.language) ? i18n.language : "en")
  let target = shown()

  const load = (language: Language, name: string): Promise<void> => {
    const key = `${language}/${name}`
    const known = loads.get(key)
    if (known) return known
    const loaders = catalogue[name]
    if (!loaders) return Promise.reject(new Error(`no strings named "${name}"`))
    const loading = loaders[language]().then((bundle) => {
      i18n.addResourceBundle(language, "translation", bundle, true, true)
    })
    // A chunk that failed to load (network) is tried again the next time it is needed.
    loading.catch(() => loads.delete(key))
    loads.set(key, loading)
    return loading
  }

  const need = async (names: readonly string[]) => {
    for (const name of names) needed.add(name)
    const languages = new Set([shown(), target])
    await Promise.all([...languages].flatMap((language) => names.map((name) => load(language, name))))
  }

  // i18next has no asynchronous hook before a switch; wrapping our own instance's method is the one place to wait.
  const changeLanguage = i18n.changeLanguage.bind(i18n)
  i18n.changeLanguage = (async (language?: string, callback?: Parameters<I18n["changeLanguage"]>[1]) => {
    if (isLanguage(language)) {
      target = language
      await Promise.all([...needed].map((name) => load(language, name)))
      // Picked another language while this one loaded: the later choice wins.
      if (target !== language) return i18n.t
    }
    return changeLanguage(language, callback)
  }) as I18n["changeLanguage"]

  return { need }
}
