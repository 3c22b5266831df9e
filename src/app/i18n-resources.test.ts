/** Every shell string exists in English, Turkish and Arabic, with the same interpolation variables. */
import { describe, expect, it } from "vitest"
import { routes, companySections, sidebarOrder } from "../contract/routes"
import { ar } from "../views/common/strings.ar"
import { en } from "../views/common/strings"
import { tr } from "../views/common/strings.tr"

const flatten = (value: unknown, prefix = ""): Record<string, string> =>
  typeof value === "string"
    ? { [prefix]: value }
    : Object.assign(
        {},
        ...Object.entries(value as Record<string, unknown>).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
      )

const english = flatten(en)
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe("i18n resources", () => {
  it.each([
    ["tr", tr],
    ["ar", ar],
  ] as const)("%s has every English key, non-empty, with the same variables", (_language, resources) => {
    const other = flatten(resources)
    expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), key).not.toBe("")
      expect(variables(text), key).toEqual(variables(english[key]))
    }
  })

  it("names every route, company section and sidebar group", () => {
    for (const route of routes) expect(english[`routes.${route.key}`], route.path).toBeTruthy()
    for (const section of companySections) expect(english[`sections.${section}`], section).toBeTruthy()
    for (const group of sidebarOrder) expect(english[`sidebar.${group}`], group).toBeTruthy()
  })

  it("keeps the spec's English wording of the session alerts and token messages", () => {
    expect(en.alerts.sessionReplaced).toBe("You are already logged in on a different device. Please wait for a few minutes, and try again.")
    expect(en.alerts.sessionExpired).toBe("Your session has expired please try to login in again")
    expect(en.alerts.missingClientToken).toBe("Cannot call remote service without authentication token")
    expect(en.alerts.missingUserToken).toBe("Cannot call remote service without user authentication token")
    expect(en.session.tokenLoginFailed).toBe("Failed to login with token.")
    expect(en.session.invalidAccessToken).toBe("Invalid access_token")
    expect(en.session.accessTokenExpired).toBe("access_token expired")
    expect(en.errors.renderFailure).toBe("404 Page Not Found")
  })
})
