/**
 * The ACL gate: `decide` checked exhaustively against spec 000 section 2 "Access rule" for every route of the route
 * table, every company section and odd paths, under several access lists; then the gate machine walked with
 * xstate/graph (shortest paths over access-list changes and navigations) and every path replayed on a real actor.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { HOME_ROUTES, companySections, frontKey, routes } from "../../contract/routes"
import { aclMachine, hasBackPermission, hasVoiceCalls, type AclEvent } from "./acl-machine"
import { decide, sidebarFor, type UserAcl } from "./decide"
import { sidebarOrder } from "../../contract/routes"

const PUBLIC = [
  "/login",
  "/privacy-policy",
  "/btw",
  "/pagenotfound",
  "/templateMessage-individual-user",
  "/pages/auth/token",
  "/pages/auth/reset-password",
]

const grant = (...paths: string[]): UserAcl => Object.fromEntries(paths.map((path) => [frontKey(path), true]))
const lists: Record<string, UserAcl> = {
  agent: {
    ...grant("/apps/chat", "/apps/dashboard", "/dashboard", "/apps/company-details"),
    [frontKey("/apps/users")]: false,
  },
  intelligenceOnly: grant("/dashboard", "/apps/chat"),
  noHome: grant("/apps/chat", "/apps/inbox"),
  truthy: { [frontKey("/apps/chat")]: 1, [frontKey("/apps/dashboard")]: "true" },
  empty: {},
}
const odd = [
  "/",
  "",
  "/nope",
  "/apps",
  "/apps/chat/",
  "/APPS/CHAT",
  "/apps/chat?x=1",
  "/apps/company-details/Profile",
  "/apps/company-details/unknown",
  "/channels/whatsapp-call",
]
const allPaths = [...routes.map((route) => route.path), ...companySections.map((section) => `/apps/company-details/${section}`), ...odd]

describe("decide: the access rule", () => {
  it("without an access list opens exactly the public routes and the auth pages; the rest goes to login", () => {
    const opened = routes.filter((route) => decide(route.path, null).kind === "open").map((route) => route.path)
    const expected = routes.filter((route) => route.public).map((route) => route.path)
    expect(opened.sort()).toEqual(expected.sort())
    for (const path of PUBLIC) expect(decide(path, null).kind, path).toBe("open")
    expect(decide("/apps/chat", null)).toEqual({ kind: "redirect", to: "/login", reason: "login" })
  })

  it("sends the root to /dashboard and unknown paths to the not-found page", () => {
    expect(decide("/", null)).toEqual({ kind: "redirect", to: "/dashboard", reason: "root" })
    expect(decide("/", lists.agent)).toEqual({ kind: "redirect", to: "/dashboard", reason: "root" })
    for (const acl of [null, ...Object.values(lists)]) {
      expect(decide("/nope", acl)).toEqual({ kind: "redirect", to: "/pagenotfound", reason: "notFound" })
      expect(decide("/apps/company-details/unknown", acl)).toEqual({
        kind: "redirect",
        to: "/pagenotfound",
        reason: "notFound",
      })
      expect(decide("/channels/whatsapp-call", acl).kind).toBe("redirect")
    }
  })

  it.each(Object.entries(lists))(
    "with list %s opens a route exactly when FRONT:<path> is true, else a held home or the root",
    (_name, acl) => {
      const home = HOME_ROUTES.find((path) => acl[frontKey(path)] === true)
      for (const path of allPaths) {
        const decision = decide(path, acl)
        const route = routes.find((r) => r.path.toLowerCase() === path.split("?")[0].replace(/\/$/, "").toLowerCase())
        if (!route || path === "/" || path === "") continue
        const granted = acl[frontKey(route.path)] === true
        if (granted || route.auth || route.path === "/pagenotfound") expect(decision.kind, path).toBe("open")
        else expect(decision, path).toEqual({ kind: "redirect", to: home ?? "/", reason: "forbidden" })
      }
      // Company sections follow the company-details entry.
      const companyOpen = acl[frontKey("/apps/company-details")] === true
      for (const section of companySections) {
        expect(decide(`/apps/company-details/${section}`, acl).kind).toBe(companyOpen ? "open" : "redirect")
      }
    },
  )

  it("never loops: a user without /dashboard at the root goes to a held home or sees the landing page", () => {
    expect(decide("/", lists.noHome)).toEqual({ kind: "landing" })
    expect(decide("/", grant("/apps/dashboard"))).toEqual({ kind: "redirect", to: "/apps/dashboard", reason: "root" })
    // Following redirects from any path ends in an open page or the landing page within a few hops.
    for (const acl of [null, ...Object.values(lists)]) {
      for (const start of allPaths) {
        let path = start
        let hops = 0
        let decision = decide(path, acl)
        while (decision.kind === "redirect" && hops < 5) {
          path = decision.to
          decision = decide(path, acl)
          hops += 1
        }
        expect(decision.kind === "open" || decision.kind === "landing", `${start} under ${JSON.stringify(acl)}`).toBe(true)
      }
    }
  })

  it("builds the sidebar from active FRONT: entries only, dropping empty groups, in spec order", () => {
    const sections = sidebarFor(lists.agent, sidebarOrder)
    expect(sections.map((section) => section.group)).toEqual(["dashboard", "chat"])
    expect(sections.flatMap((section) => section.items.map((item) => item.path)).sort()).toEqual([
      "/apps/chat",
      "/apps/dashboard",
      "/dashboard",
    ])
    expect(sidebarFor(lists.truthy, sidebarOrder)).toEqual([])
    expect(sidebarFor(null, sidebarOrder)).toEqual([])
  })

  it("reads back-end permissions as BACK:<permission> = 1 and voice calls from FRONT:/channels/whatsapp-call", () => {
    expect(hasBackPermission({ "BACK:calls": 1 }, "calls")).toBe(true)
    expect(hasBackPermission({ "BACK:calls": true }, "calls")).toBe(false)
    expect(hasVoiceCalls({ "FRONT:/channels/whatsapp-call": true })).toBe(true)
    expect(hasVoiceCalls({ "FRONT:/channels/whatsapp-call": 1 })).toBe(false)
    expect(hasVoiceCalls(null)).toBe(false)
  })
})

const navigations = [
  "/",
  "/login",
  "/apps/chat",
  "/apps/users",
  "/dashboard",
  "/nope",
  "/pagenotfound",
  "/pages/auth/forgot-password",
  "/apps/company-details/Profile",
]
const events: AclEvent[] = [
  { type: "ACL.SET", userAcl: lists.agent, backAcl: {} },
  { type: "ACL.SET", userAcl: lists.noHome, backAcl: {} },
  { type: "ACL.SET", userAcl: lists.intelligenceOnly, backAcl: {} },
  { type: "ACL.CLEAR" },
  // Live changes from the socket: a newer one is adopted, an older one (seq 3 after 5) is not.
  { type: "rt.acl:changed", seq: 5, user_acl: lists.noHome as Record<string, boolean>, back_acl: { "BACK:chat": 1 } },
  { type: "rt.acl:changed", seq: 3, user_acl: lists.agent as Record<string, boolean>, back_acl: {} },
  // The socket refused the login (ended by the server): a confirming call is started, nothing else changes.
  { type: "rt.status", status: "unauthorized" },
  { type: "rt.status", status: "disconnected" },
  // The login is alive (the refused socket had opened before the token was stored): the socket reopens, once per list.
  { type: "xstate.done.actor.confirm-session", output: true } as unknown as AclEvent,
  ...navigations.map((path) => ({ type: "NAVIGATE" as const, path })),
]

const paths = getShortestPaths(aclMachine, { events })

describe("ACL gate machine (model-based)", () => {
  it("reaches every outcome state with and without an access list", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)))
    for (const value of [
      { noList: "idle" },
      { noList: "open" },
      { noList: "toDashboard" },
      { noList: "toLogin" },
      { noList: "toNotFound" },
      { hasList: "idle" },
      { hasList: "open" },
      { hasList: "landing" },
      { hasList: "toDashboard" },
      { hasList: "toNotFound" },
      { hasList: "toRoot" },
      { hasList: "toHome" },
    ])
      expect(reached.has(JSON.stringify(value)), JSON.stringify(value)).toBe(true)
  })

  it.each(
    paths.map(
      (path) =>
        [
          path.steps.map((step) => (step.event.type === "NAVIGATE" ? `NAVIGATE ${step.event.path}` : step.event.type)).join(" > ") ||
            "(initial)",
          path,
        ] as const,
    ),
  )("replays %s on the real actor", (_name, path) => {
    const actor = createActor(aclMachine, { input: {} }).start()
    for (const step of path.steps) {
      const before = actor.getSnapshot()
      actor.send(step.event)
      const snapshot = actor.getSnapshot()
      expect(snapshot.value).toEqual(step.state.value)
      expect(snapshot.context.userAcl).toEqual(step.state.context.userAcl)
      // The socket is listened to exactly while a list is held, and a new list keeps the same subscription.
      expect(Boolean(snapshot.children.live)).toBe(snapshot.matches("hasList"))
      const reopens =
        (step.event.type as string) === "xstate.done.actor.confirm-session" && before.matches("hasList") && !before.context.reopened
      if (before.matches("hasList") && snapshot.matches("hasList")) {
        if (reopens) expect(snapshot.children.live).not.toBe(before.children.live)
        else expect(snapshot.children.live).toBe(before.children.live)
      }
      if (step.event.type === "rt.status") {
        const confirming = Object.values(snapshot.children).filter((child) => child?.src === "confirmSession").length
        const earlier = Object.values(before.children).filter((child) => child?.src === "confirmSession").length
        expect(confirming - earlier).toBe(before.matches("hasList") && step.event.status === "unauthorized" ? 1 : 0)
      }
      if (step.event.type === "rt.acl:changed") {
        const applies = before.matches("hasList") && step.event.seq > before.context.seq
        expect(snapshot.context.userAcl).toEqual(applies ? step.event.user_acl : before.context.userAcl)
        expect(snapshot.context.backAcl).toEqual(applies ? step.event.back_acl : before.context.backAcl)
      }
      // The state names the decision of `decide` for the recorded path.
      if (step.event.type === "NAVIGATE") {
        const decision = decide(step.event.path, snapshot.context.userAcl)
        expect(snapshot.context.decision).toEqual(decision)
        const leaf = Object.values(snapshot.value as Record<string, string>)[0]
        const expected =
          decision.kind === "open"
            ? "open"
            : decision.kind === "landing"
              ? "landing"
              : decision.reason === "root"
                ? "toDashboard"
                : decision.reason === "login"
                  ? "toLogin"
                  : decision.reason === "notFound"
                    ? "toNotFound"
                    : decision.to === "/"
                      ? "toRoot"
                      : "toHome"
        expect(leaf).toBe(expected)
      }
    }
    actor.stop()
  })
})
