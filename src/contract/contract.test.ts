/**
 * The contract against the spec's catalogue (shared/spec/calls.tsv): every call present, spelled as the spec spells it,
 * with the routing facts the spec fixes (params, base, credential, super-admin access) and designed schemas.
 */
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import type { CallDef } from "./call"
import { allCalls as everyCall, catalogue, specGroupKeys } from "./catalogue"
import { WHATSAPP_CALLS } from "./permissions"
import { Undesigned } from "./schemas/common"

// CI clones the repository with shared/ beside it.
const TSV = resolve(process.cwd(), "../shared/spec/calls.tsv")

interface SpecCall {
  readonly group: string
  readonly method: string
  readonly path: string
}

const specCalls: readonly SpecCall[] = readFileSync(TSV, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .slice(1) // header
  .map((line) => {
    const [group, method, path] = line.split("\t").map((cell) => cell.trim())
    return { group, method, path }
  })

const key = (group: string, method: string, path: string) => `${group} | ${method} ${path}`
// The spec's groups and calls; ours beyond the spec (`beyondSpec`) are held to the routing rules at the end.
const groups = Object.values(catalogue).filter((group) => specGroupKeys.has(group.key))
const allCalls = everyCall.filter((call) => specGroupKeys.has(call.group))
const titleOf = (call: CallDef) => groups.find((group) => group.key === call.group)!.title

/** Groups another helper designs; placeholders are tolerated there by name, nowhere else. */
const SERVER_OWNED = new Set(["auth", "roles", "permissions", "users", "layout"])

const isUndesigned = (schema: unknown): boolean => schema === Undesigned || (schema as { ast?: { _tag?: string } }).ast?._tag === "Unknown"

/** The field names of a struct request, or of every member of a union of structs. */
const fieldSets = (schema: unknown): ReadonlyArray<ReadonlySet<string>> => {
  const s = schema as { fields?: Record<string, unknown>; members?: readonly unknown[] }
  if (s.fields) return [new Set(Object.keys(s.fields))]
  if (s.members) return s.members.flatMap(fieldSets)
  return []
}

const byPath = (method: string, path: string): CallDef => {
  const found = allCalls.find((call) => call.method === method && call.path === path)
  if (!found) throw new Error(`no call ${method} ${path}`)
  return found
}

describe("catalogue vs calls.tsv", () => {
  it("reads the 369 calls of the spec", () => {
    expect(specCalls.length).toBe(369)
  })

  it("has every spec call and no other, spelled the same (group, method, path)", () => {
    const spec = new Set(specCalls.map((c) => key(c.group, c.method, c.path)))
    const ours = new Set(allCalls.map((c) => key(titleOf(c), c.method, c.path)))
    expect(
      [...spec].filter((k) => !ours.has(k)),
      "missing from the contract",
    ).toEqual([])
    expect(
      [...ours].filter((k) => !spec.has(k)),
      "not in the spec",
    ).toEqual([])
    expect(allCalls.length).toBe(specCalls.length)
  })

  it("maps each spec group to exactly one catalogue group", () => {
    const specTitles = [...new Set(specCalls.map((c) => c.group))].sort()
    expect(groups.map((g) => g.title).sort()).toEqual(specTitles)
  })

  it("keeps call names unique per group, matching their keys", () => {
    for (const group of groups) {
      const entries = Object.entries(group.calls) as [string, CallDef][]
      for (const [name, call] of entries) {
        expect(call.name).toBe(name)
        expect(call.group).toBe(group.key)
      }
      const names = entries.map(([, call]) => call.name)
      expect(new Set(names).size).toBe(names.length)
      // A duplicated key in a group literal silently drops a call; the spec's count per group catches it.
      expect(names.length, group.title).toBe(specCalls.filter((c) => c.group === group.title).length)
    }
  })

  it("names each call the mechanical camelCase of its path (method first where two methods share a path)", () => {
    const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
    const mechanical = (path: string) => {
      const words = path
        .split("/")
        .filter((segment) => segment !== "")
        .filter((segment, index) => !(index === 0 && (segment === "backend" || segment === "api")))
        .flatMap((segment) =>
          segment === "id"
            ? ["By", "Id"]
            : /^\{\w+\}$/.test(segment)
              ? ["By", ...segment.slice(1, -1).split(/[_-]/)]
              : segment.split(/[_-]/),
        )
      const joined = words.map(pascal).join("")
      return joined.charAt(0).toLowerCase() + joined.slice(1)
    }
    const shared = (call: CallDef) =>
      allCalls.filter((other) => other.group === call.group && mechanical(other.path) === mechanical(call.path)).length > 1
    for (const call of allCalls) {
      const base = mechanical(call.path)
      expect(call.name, `${call.method} ${call.path}`).toBe(shared(call) ? call.method.toLowerCase() + pascal(base) : base)
    }
    expect(catalogue.auth.calls.logoutByLoginId.path).toBe("/logout/{login_id}")
    expect(catalogue.complaints.calls.postComplaintMetadata.method).toBe("POST")
  })

  it("has no two calls with one method and path, ours beyond the spec included", () => {
    const seen = everyCall.map((c) => `${c.method} ${c.path}`)
    expect(new Set(seen).size).toBe(seen.length)
  })

  it("keeps ours beyond the spec few, marked, and out of the spec's groups", () => {
    const ours = Object.values(catalogue).filter((group) => !specGroupKeys.has(group.key))
    expect(ours.map((group) => group.key)).toEqual([
      "businessReview",
      "company",
      "metaLogins",
      "webchat",
      "pbx",
      "webhooks",
      "billing",
      "otpSettings",
      "ipWhitelist",
      "templateTools",
      "productImport",
      "chatProducts",
      "dataRights",
      "transcripts",
      "callRecordings",
      "scheduledSends",
      "sla",
      "routing",
      "platform",
    ])
    for (const group of ours) expect(specCalls.some((c) => c.group === group.title)).toBe(false)
  })
})

describe("routing facts fixed by the spec", () => {
  it("derives params from `{x}` segments and literal `id` segments, in order", () => {
    for (const call of allCalls) {
      const expected = call.path
        .split("/")
        .flatMap((segment) => (segment === "id" ? ["id"] : /^\{(\w+)\}$/.test(segment) ? [segment.slice(1, -1)] : []))
      expect(call.params, `${call.group}.${call.name}`).toEqual(expected)
    }
    expect(byPath("PUT", "/backend/roles/update/id").params).toEqual(["id"])
    expect(byPath("GET", "/agent/history/chat/{number}/{last_closed}").params).toEqual(["number", "last_closed"])
    expect(byPath("POST", "/messages/send/text").params).toEqual([])
  })

  it("declares every path param as a request field, so the caller can substitute it", () => {
    for (const call of allCalls) {
      if (call.params.length === 0 || isUndesigned(call.request)) continue
      const sets = fieldSets(call.request)
      expect(sets.length, `${call.group}.${call.name} request is not a struct`).toBeGreaterThan(0)
      for (const fields of sets)
        for (const param of call.params) expect(fields.has(param), `${call.group}.${call.name}: ${param}`).toBe(true)
    }
  })

  it("sends exactly the /messages/send/ and /chat/update/ paths to the socket base", () => {
    for (const call of allCalls) {
      const socket = call.path.includes("/messages/send/") || call.path.includes("/chat/update/")
      expect(call.base, `${call.method} ${call.path}`).toBe(socket ? "socket" : "api")
    }
    expect(
      allCalls
        .filter((c) => c.base === "socket")
        .map((c) => c.path)
        .sort(),
    ).toEqual(["/chat/update/{number}", "/messages/send/text", "/messages/send/{type}"])
  })

  it("uses the credentials the spec marks: API key, client token, none only to log in, else the user token", () => {
    const withCredential = (credential: CallDef["credential"]) =>
      allCalls
        .filter((c) => c.credential === credential)
        .map((c) => `${c.method} ${c.path}`)
        .sort()
    expect(withCredential("apiKey")).toEqual(
      [
        "GET /authenticate",
        "POST /request/limits",
        "POST /request/limit/add",
        "POST /request/limit/update",
        "POST /request/limit/delete",
        "POST /create/template/message",
        "POST /agent/template/information",
        "POST /template/usage/stats",
        "POST /template/monitoring",
      ].sort(),
    )
    expect(withCredential("client")).toEqual(["POST /backend/send/email", "PUT /backend/password/reset"].sort())
    // Logging in cannot carry a token it has not got yet.
    // The one-time-code login's two steps are login calls too.
    const loginCalls = new Set([
      "POST /auth/user",
      "GET /api/auth/access-token",
      "POST /api/auth/register",
      "POST /auth/send-otp",
      "POST /auth/verify-otp",
      // A business registering itself: the form, its countries and its documents come before any login.
      "POST /register",
      "GET /fetch/countries",
      "POST /registration/upload",
    ])
    expect(withCredential("none")).toContain("POST /auth/user")
    for (const call of withCredential("none")) expect(loginCalls.has(call), call).toBe(true)
  })

  it("requires a super admin for every /admin path and the Businesses group, and marks nothing else without reason", () => {
    const adminPath = (path: string) => path.split("/").some((segment) => segment === "admin" || segment === "admin-only")
    // A tenant admin lists its own business's agents (the company sub-page Agents; the server answers only its own).
    const ownBusinessCalls = new Set(["GET /client/agents/{client_id}", "POST /client/agents-paginated"])
    for (const call of allCalls) {
      if (adminPath(call.path) || (call.group === "businesses" && !ownBusinessCalls.has(`${call.method} ${call.path}`)))
        expect(call.access, `${call.method} ${call.path}`).toBe("superAdmin")
    }
    // Quotas are set by super admins: a tenant must not raise its own limits.
    // SMS gateways and tenants' accounts on them are platform settings: tenants only request sender masks.
    const alsoSuperAdmin = new Set([
      "GET /account/limits/all",
      "POST /account/limits",
      "PUT /account/limits",
      "GET /sms/provider/all",
      "POST /sms/provider/add",
      "POST /sms/provider/update",
      "DELETE /sms/provider/delete/{id}",
      "POST /sms/client/add",
      "POST /sms/client/update",
      // Countries and cities are platform reference data: tenants pick from them.
      "POST /create/country",
      "POST /create/city",
      "PUT /update/country/id",
      "PUT /update/city/id",
      // Reviewing a business's registration (ours) belongs with the Businesses group.
      "POST /backend/registration/review",
      "GET /backend/registration/documents/{client_id}",
    ])
    for (const call of allCalls.filter((c) => c.access === "superAdmin")) {
      const ok = adminPath(call.path) || call.group === "businesses" || alsoSuperAdmin.has(`${call.method} ${call.path}`)
      expect(ok, `${call.method} ${call.path} is super-admin only without a reason`).toBe(true)
    }
    expect(allCalls.filter((c) => adminPath(c.path)).length).toBe(14)
  })

  it("gates call history and the calls summary on the WhatsApp calls permission", () => {
    expect(WHATSAPP_CALLS).toBe("whatsapp_calls")
    expect(catalogue.reports.calls.callsList.permission).toBe(WHATSAPP_CALLS)
    expect(catalogue.dashboard.calls.callsSummary.permission).toBe(WHATSAPP_CALLS)
    for (const call of allCalls) if (call.permission !== null) expect(call.permission).toMatch(/^[a-z][a-z_]*$/)
  })
})

describe("designed schemas", () => {
  it("leaves no placeholder outside the server-owned groups", () => {
    const undesigned = allCalls.filter((c) => isUndesigned(c.request) || isUndesigned(c.response))
    expect(undesigned.filter((c) => !SERVER_OWNED.has(c.group)).map((c) => `${c.group}.${c.name}`)).toEqual([])
  })

  it("answers in the { data } envelope, except the shapes spec section 3 fixes", () => {
    const specShaped = new Set(["reports.callsList", "otp.otpLogs"])
    for (const call of allCalls) {
      if (SERVER_OWNED.has(call.group) || specShaped.has(`${call.group}.${call.name}`)) continue
      const [fields] = fieldSets(call.response)
      expect(fields ? [...fields] : [], `${call.group}.${call.name}`).toEqual(["data"])
    }
    expect([...fieldSets(catalogue.reports.calls.callsList.response)[0]]).toEqual(["whatsappCalls"])
    expect([...fieldSets(catalogue.otp.calls.otpLogs.response)[0]]).toEqual(["logs"])
  })

  it("keeps GET requests to fields that travel as text, since they go in the path and query string", () => {
    type Ast = { _tag: string; types?: readonly Ast[]; literal?: unknown }
    // A number or boolean alone would arrive as a string and fail to decode; IdParam (number | digits) is fine.
    const textual = (ast: Ast): boolean =>
      ast._tag === "String" ||
      (ast._tag === "Literal" && typeof ast.literal === "string") ||
      (ast._tag === "Union" &&
        ast.types!.some(textual) &&
        ast.types!.every((t) => textual(t) || t._tag === "Undefined" || t._tag === "Number"))
    for (const call of allCalls.filter((c) => c.method === "GET" && !isUndesigned(c.request))) {
      const s = call.request as unknown as { fields?: Record<string, { ast: Ast }> }
      expect(s.fields, `${call.group}.${call.name}`).toBeDefined()
      for (const [name, field] of Object.entries(s.fields!)) expect(textual(field.ast), `${call.group}.${call.name}.${name}`).toBe(true)
    }
  })
})
