/**
 * The root system with the live actors (API client, storage, shell) against the real server (server/testing.ts),
 * storage in memory: login, storage of the session, the ACL gate following the session, online/offline, the
 * layout round trip, cross-tab logout, token login errors, the 401 of a replaced session, and logout.
 */
import { ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { waitFor, type AnyActorRef } from "xstate"
import { startTestServer, type TestServer } from "../../../server/testing/test-server"
import { appTestLayer } from "../../services/app-layer"
import { makeRecordingShell } from "../../services/browser/browser-shell"
import { makeMemoryStorage } from "../../services/browser/storage"
import { aclMachine } from "../acl/acl-machine"
import { liveLayoutMachine } from "../shell/layout-actors"
import { createAppActor, type AppRuntime } from "../common/from-effect"
import { createRootMachine } from "../root/root-machine"
import { systemActor } from "../system-ids"
import { liveAccountMachine, liveSessionMachine } from "./session-actors"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

// The root as the app builds it for these four (src/app/features: the shell's, then the session's).
const liveRoot = createRootMachine({
  actors: [
    { id: "acl", systemId: "acl", logic: aclMachine },
    { id: "layout", systemId: "layout", logic: liveLayoutMachine },
    { id: "account", systemId: "account", logic: liveAccountMachine },
    { id: "session", systemId: "session", logic: liveSessionMachine },
  ],
  pageLogic: () => undefined,
  reportLogic: () => undefined,
})

const boot = (initial: Record<string, string> = {}) => {
  const storage = makeMemoryStorage(initial)
  const shell = makeRecordingShell()
  const runtime: AppRuntime = ManagedRuntime.make(appTestLayer({ config: { origin: server.url }, storage, shell }))
  const root = createAppActor(liveRoot, { runtime, input: {}, systemId: "root" })
  root.start()
  const get = <Id extends "session" | "acl" | "layout" | "account">(id: Id) => {
    const ref = systemActor(root.system, id)
    if (!ref) throw new Error(`${id} is not running`)
    return ref
  }
  return {
    root,
    storage,
    shell,
    runtime,
    session: get("session"),
    acl: get("acl"),
    layout: get("layout"),
    account: get("account"),
  }
}

const loggedIn = (session: AnyActorRef) => waitFor(session, (s) => s.matches("loggedIn"), { timeout: 10_000 })
const loggedOut = (session: AnyActorRef) => waitFor(session, (s) => s.matches("loggedOut"), { timeout: 10_000 })

describe("session with live services against the real server", () => {
  it("logs in, stores the session, shares the ACL, goes online and offline, logs out and resets", async () => {
    const app = boot()
    await loggedOut(app.session)
    app.session.send({ type: "LOGIN", username: "agent1", password: "demo1234" })
    await loggedIn(app.session)
    const stored = app.storage.snapshot()
    for (const key of ["user_token", "client_token", "user_acl", "back_acl", "user_data", "user", "login_id", "online"])
      expect(stored[key], key).toBeTruthy()
    const userAcl = JSON.parse(stored.user_acl)
    expect(app.acl.getSnapshot().context.userAcl).toEqual(userAcl)
    expect(app.acl.getSnapshot().matches("hasList")).toBe(true)
    expect(app.session.getSnapshot().context.expiresAt).toBeGreaterThan(Date.now())

    app.session.send({ type: "SET_ONLINE", online: true })
    await waitFor(app.session, (s) => s.matches({ loggedIn: { presence: "online" } }), { timeout: 10_000 })
    expect(app.storage.snapshot().online).toBe("true")
    app.session.send({ type: "SET_ONLINE", online: false })
    await waitFor(app.session, (s) => s.matches({ loggedIn: { presence: "offline" } }), { timeout: 10_000 })
    expect(app.storage.snapshot().online).toBe("false")

    app.session.send({ type: "LOGOUT" })
    await loggedOut(app.session)
    expect(app.session.getSnapshot().context.user).toBeNull()
    expect(app.session.getSnapshot().context.message).toBe("loggedOut")
    expect(app.storage.snapshot().user_token).toBeUndefined()
    expect(app.acl.getSnapshot().matches("noList")).toBe(true)
    app.root.stop()
    await app.runtime.dispose()
  })

  it("restores a stored session on start, and reloads when another tab removes user_token", async () => {
    const first = boot()
    await loggedOut(first.session)
    first.session.send({ type: "LOGIN", username: "admin", password: "demo1234" })
    await loggedIn(first.session)
    const saved = first.storage.snapshot()
    first.root.stop()
    await first.runtime.dispose()

    const second = boot(saved)
    await loggedIn(second.session)
    expect(second.acl.getSnapshot().context.userAcl).toEqual(JSON.parse(saved.user_acl))
    second.storage.externalChange("user_token", null)
    await waitFor(second.session, (s) => s.matches("reloading"), { timeout: 5_000 })
    await waitFor(second.session, () => second.shell.events.some((event) => event.kind === "reload"), {
      timeout: 5_000,
    })
    second.root.stop()
    await second.runtime.dispose()
  })

  it("shows the server's refusal for a wrong password and the token-page messages", async () => {
    const app = boot()
    await loggedOut(app.session)
    app.session.send({ type: "LOGIN", username: "agent1", password: "wrong-password" })
    await waitFor(app.session, (s) => s.matches("loggedOut") && s.context.message === "loginFailed", {
      timeout: 10_000,
    })

    app.session.send({ type: "TOKEN_LOGIN", accessToken: "not-a-real-token-value" })
    await waitFor(app.session, (s) => s.matches("loggedOut") && s.context.message === "invalidAccessToken", {
      timeout: 10_000,
    })
    app.session.send({ type: "TOKEN_LOGIN", accessToken: null })
    expect(app.session.getSnapshot().context.message).toBe("tokenLoginFailed")
    // No alert or reload for a refused login: only the API client's 401 on a user-token call does that.
    expect(app.shell.events).toEqual([])
    app.root.stop()
    await app.runtime.dispose()
  })

  it("saves the layout and theme per user and reads them back on the next login", async () => {
    const app = boot()
    await loggedOut(app.session)
    app.session.send({ type: "LOGIN", username: "agent2", password: "demo1234" })
    await loggedIn(app.session)
    await waitFor(app.layout, (s) => s.matches("ready"), { timeout: 10_000 })
    app.layout.send({
      type: "LAYOUT.CHANGE",
      patch: { style: "horizontal", mode: "boxed", footer: { display: false } },
    })
    await waitFor(app.layout, (s) => s.matches("ready"), { timeout: 10_000 })
    expect(app.layout.getSnapshot().context.failed).toBe(false)
    app.layout.send({ type: "THEME.SET", theme: "dark" })
    await waitFor(app.layout, (s) => s.matches("ready"), { timeout: 10_000 })
    expect(app.layout.getSnapshot().context.failed).toBe(false)
    app.session.send({ type: "LOGOUT" })
    await loggedOut(app.session)

    const again = boot()
    await loggedOut(again.session)
    again.session.send({ type: "LOGIN", username: "agent2", password: "demo1234" })
    await loggedIn(again.session)
    await waitFor(again.layout, (s) => s.matches("ready"), { timeout: 10_000 })
    const context = again.layout.getSnapshot().context
    expect(context.layout.style).toBe("horizontal")
    expect(context.layout.mode).toBe("boxed")
    expect(context.layout.footer.display).toBe(false)
    expect(context.theme).toBe("dark")
    for (const started of [app, again]) {
      started.root.stop()
      await started.runtime.dispose()
    }
  })

  it("a newer login of the same user ends the older session with the 'different device' alert", async () => {
    const first = boot()
    await loggedOut(first.session)
    first.session.send({ type: "LOGIN", username: "agent1", password: "demo1234" })
    await loggedIn(first.session)
    const second = boot()
    await loggedOut(second.session)
    second.session.send({ type: "LOGIN", username: "agent1", password: "demo1234" })
    await loggedIn(second.session)
    // The first session's next call answers 401: the API client alerts, clears storage and reloads.
    first.session.send({ type: "SET_ONLINE", online: true })
    await waitFor(first.session, () => first.shell.events.some((event) => event.kind === "reload"), { timeout: 10_000 })
    expect(first.shell.events[0]).toEqual({
      kind: "alert",
      message: "You are already logged in on a different device. Please wait for a few minutes, and try again.",
    })
    expect(first.storage.snapshot().user_token).toBeUndefined()
    for (const started of [first, second]) {
      started.root.stop()
      await started.runtime.dispose()
    }
  })
})
