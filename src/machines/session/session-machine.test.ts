/**
 * Model-based test of the session machine: xstate/graph walks the shortest path to every reachable state (with the
 * login, token, lock, presence and logout outcomes as events), then each path is replayed on a real actor whose
 * invoked actors are settled through the memory runtime; after every step the real state must equal the model's.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { sessionMachine } from "./session-machine"
import type { SessionEvent } from "./session-setup"
import type { LoginResult, StoredSession } from "./session-types"
import { completion, jwtWith, makeScript, settle } from "../common/scripted-actors.testing"

const future = Math.floor(Date.now() / 1000) + 24 * 3600
const past = Math.floor(Date.now() / 1000) - 60

const loginResult: LoginResult = {
  user_token: jwtWith(future),
  client_token: "client",
  user_acl: { "FRONT:/apps/dashboard": true },
  back_acl: { "BACK:calls": 1 },
  user_data: { id: 3, client_id: 1 },
  user: { role: ["agent"], data: { displayName: "Agent One" }, from: "db" },
  login_id: "login-1",
}
const stored: StoredSession = { ...loginResult, online: true }
const storedLocked: StoredSession = { ...stored, locked: true }
const storedExpired: StoredSession = { ...loginResult, user_token: jwtWith(past), online: false }

type ModelEvent = SessionEvent | { type: string; output?: unknown; error?: unknown }

const events: ModelEvent[] = [
  { type: "xstate.done.actor.restore", output: null },
  { type: "xstate.done.actor.restore", output: stored },
  { type: "xstate.done.actor.restore", output: storedExpired },
  { type: "xstate.done.actor.restore", output: storedLocked },
  { type: "xstate.error.actor.restore", error: new Error("storage unavailable") },
  { type: "LOGIN", username: "agent1", password: "demo1234" },
  { type: "xstate.done.actor.login", output: loginResult },
  { type: "xstate.error.actor.login", error: { kind: "unauthorized", message: "Invalid username or password" } },
  { type: "TOKEN_LOGIN", accessToken: null },
  { type: "TOKEN_LOGIN", accessToken: jwtWith(past) },
  { type: "TOKEN_LOGIN", accessToken: "single-use-token" },
  { type: "xstate.done.actor.tokenLogin", output: loginResult },
  { type: "ADOPT_LOGIN", result: loginResult },
  { type: "xstate.error.actor.tokenLogin", error: { kind: "unauthorized" } },
  { type: "xstate.error.actor.tokenLogin", error: { kind: "expired" } },
  { type: "xstate.error.actor.tokenLogin", error: { kind: "failed", message: "network" } },
  { type: "xstate.done.actor.persist" },
  { type: "xstate.error.actor.persist", error: new Error("quota") },
  { type: "LOGOUT" },
  { type: "xstate.done.actor.logout" },
  { type: "xstate.error.actor.logout", error: new Error("offline") },
  { type: "xstate.done.actor.clear" },
  { type: "LOCK" },
  { type: "xstate.done.actor.lock" },
  { type: "xstate.error.actor.lock", error: new Error("storage") },
  { type: "UNLOCK", password: "demo1234" },
  { type: "xstate.done.actor.unlock", output: loginResult },
  { type: "xstate.error.actor.unlock", error: { kind: "unauthorized" } },
  { type: "SET_ONLINE", online: true },
  { type: "SET_ONLINE", online: false },
  { type: "xstate.done.actor.goOnline" },
  { type: "xstate.error.actor.goOnline", error: new Error("500") },
  { type: "xstate.done.actor.goOffline" },
  { type: "xstate.error.actor.goOffline", error: new Error("500") },
  { type: "STORAGE.USER_TOKEN_REMOVED" },
  { type: "API.UNAUTHORIZED" },
  { type: "DISMISS" },
]

/** A state's identity for the walk: its value and the parts of the context the views show. */
const serialize = (snapshot: { value: unknown; context: { message: unknown; online: boolean; locked: boolean; loginId: unknown } }) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.message,
    snapshot.context.online,
    snapshot.context.locked,
    snapshot.context.loginId !== null,
  ])

const paths = getShortestPaths(sessionMachine, {
  events: events as SessionEvent[],
  serializeState: (snapshot) => serialize(snapshot as never),
})

const leafValues = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leafValues(child, `${prefix}${key}.`))

describe("session machine (model-based)", () => {
  it("reaches every state of the session chart", () => {
    const reached = new Set(paths.flatMap((path) => leafValues(path.state.value)))
    for (const state of [
      "restoring",
      "loggedOut",
      "authenticating",
      "tokenAuthenticating",
      "persisting",
      "loggingOut",
      "clearing",
      "reloading",
      "loggedIn.expiry.watching",
      "loggedIn.presence.online",
      "loggedIn.presence.offline",
      "loggedIn.presence.goingOnline",
      "loggedIn.presence.goingOffline",
      "loggedIn.lock.open",
      "loggedIn.lock.locking",
      "loggedIn.lock.locked",
      "loggedIn.lock.unlocking",
    ]) {
      expect(
        [...reached].some((value) => value === state || value.startsWith(`${state}.`)),
        state,
      ).toBe(true)
    }
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    async (_name, path) => {
      const script = makeScript()
      const actor = createActor(
        sessionMachine.provide({
          actors: {
            restore: script.logic as never,
            login: script.logic as never,
            tokenLogin: script.logic as never,
            persist: script.logic as never,
            logout: script.logic as never,
            clear: script.logic as never,
            setOnline: script.logic as never,
            setLocked: script.logic as never,
            reload: script.logic as never,
            watchStorage: script.logic as never,
            watchUnauthorized: script.logic as never,
          },
        }),
        { systemId: "session" },
      )
      actor.start()
      await settle()
      for (const step of path.steps) {
        const event = step.event as ModelEvent
        const outcome = completion(event)
        if (outcome) {
          if (outcome.ok) script.resolve(outcome.id, outcome.value)
          else script.reject(outcome.id, outcome.value)
        } else {
          actor.send(event as SessionEvent)
        }
        await settle()
        const snapshot = actor.getSnapshot()
        expect(snapshot.value).toEqual(step.state.value)
        expect(snapshot.context.message).toEqual(step.state.context.message)
        expect(snapshot.context.online).toEqual(step.state.context.online)
        expect(snapshot.context.locked).toEqual(step.state.context.locked)
        // Every invocation the model's state holds is really running (and nothing else is waiting).
        const running = Object.keys(snapshot.children).sort()
        expect(
          script
            .pendingIds()
            .filter((id) => running.includes(id))
            .sort(),
        ).toEqual(running)
        script.forget((id) => running.includes(id))
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    },
  )

  /** The session machine with the actors these stories settle by hand (the others as the machine has them). */
  const scripted = (script: ReturnType<typeof makeScript>) =>
    createActor(
      sessionMachine.provide({
        actors: {
          restore: script.logic as never,
          login: script.logic as never,
          persist: script.logic as never,
          clear: script.logic as never,
          watchStorage: script.logic as never,
          watchUnauthorized: script.logic as never,
        },
      }),
    )

  it("logs out at the token's exp moment", async () => {
    const script = makeScript()
    const actor = scripted(script)
    actor.start()
    await settle()
    const exp = Math.floor(Date.now() / 1000) + 2
    script.resolve("restore", { ...stored, user_token: jwtWith(exp) })
    await settle()
    expect(actor.getSnapshot().matches("loggedIn")).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() - 300))
    expect(actor.getSnapshot().matches("loggedIn")).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(actor.getSnapshot().value).toBe("clearing")
    expect(actor.getSnapshot().context.message).toBe("sessionExpired")
    script.resolve("clear", undefined)
    await settle()
    expect(actor.getSnapshot().value).toBe("loggedOut")
    expect(actor.getSnapshot().context.user).toBeNull()
    actor.stop()
  })

  it("a login takes the server's online flag: an agent the server still serves is shown online, one it does not, offline", async () => {
    for (const online of [true, false]) {
      const script = makeScript()
      const actor = scripted(script)
      actor.start()
      await settle()
      script.resolve("restore", null)
      await settle()
      actor.send({ type: "LOGIN", username: "agent1", password: "demo1234" })
      await settle()
      script.resolve("login", { ...loginResult, online })
      await settle()
      script.resolve("persist", undefined)
      await settle()
      expect(actor.getSnapshot().context.online).toBe(online)
      expect(actor.getSnapshot().matches({ loggedIn: { presence: online ? "online" : "offline" } })).toBe(true)
      actor.stop()
    }
  })
})
