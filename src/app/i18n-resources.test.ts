/**
 * Every bundle of strings (the common one and each feature's, as the manifests list them) exists in English, Turkish
 * and Arabic with the same keys and interpolation variables, and no two bundles claim the same top-level key.
 */
import { describe, expect, it } from "vitest"
import { companySections, routes, sidebarOrder } from "../contract/routes"
import { commonEn } from "../views/common/strings"
import type { StringBundle } from "./feature"
import { stringCatalogue } from "./i18n"
import { LANGUAGES } from "./languages"

const flatten = (value: unknown, prefix = ""): Record<string, string> =>
  typeof value === "string"
    ? { [prefix]: value }
    : Object.assign(
        {},
        ...Object.entries(value as Record<string, unknown>).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
      )

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

const catalogue = stringCatalogue()
const load = async (name: string) =>
  Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (language) => [language, await catalogue[name][language]()] as const)),
  ) as Record<(typeof LANGUAGES)[number], StringBundle>

describe("i18n resources", () => {
  it.each(Object.keys(catalogue))("%s: tr and ar have every English key, non-empty, with the same variables", async (name) => {
    const bundles = await load(name)
    const english = flatten(bundles.en)
    expect(Object.keys(english).length).toBeGreaterThan(0)
    for (const language of ["tr", "ar"] as const) {
      const other = flatten(bundles[language])
      expect(Object.keys(other).sort(), language).toEqual(Object.keys(english).sort())
      for (const [key, text] of Object.entries(other)) {
        expect(text.trim(), `${language} ${key}`).not.toBe("")
        expect(variables(text), `${language} ${key}`).toEqual(variables(english[key]))
      }
    }
  })

  it("gives every top-level key to one bundle only", async () => {
    const owners = new Map<string, string>()
    for (const name of Object.keys(catalogue)) {
      for (const key of Object.keys(await catalogue[name].en())) {
        expect(owners.get(key), `${key} in ${name}`).toBeUndefined()
        owners.set(key, name)
      }
    }
  })

  it("names every route, company section and sidebar group in the shell's strings", async () => {
    const english = flatten(await catalogue.shell.en())
    for (const route of routes) expect(english[`routes.${route.key}`], route.path).toBeTruthy()
    for (const section of companySections) expect(english[`sections.${section}`], section).toBeTruthy()
    for (const group of sidebarOrder) expect(english[`sidebar.${group}`], group).toBeTruthy()
  })

  it("keeps the spec's English wording of the session alerts and token messages", async () => {
    const session = flatten(await catalogue.session.en())
    expect(commonEn.alerts.sessionReplaced).toBe(
      "You are already logged in on a different device. Please wait for a few minutes, and try again.",
    )
    expect(commonEn.alerts.sessionExpired).toBe("Your session has expired please try to login in again")
    expect(commonEn.alerts.missingClientToken).toBe("Cannot call remote service without authentication token")
    expect(commonEn.alerts.missingUserToken).toBe("Cannot call remote service without user authentication token")
    expect(session["session.tokenLoginFailed"]).toBe("Failed to login with token.")
    expect(session["session.invalidAccessToken"]).toBe("Invalid access_token")
    expect(session["session.accessTokenExpired"]).toBe("access_token expired")
    expect(commonEn.errors.renderFailure).toBe("404 Page Not Found")
  })
})
