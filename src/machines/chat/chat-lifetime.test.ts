/** The inbox runs exactly while a session is logged in with BACK:chat: login, permission withdrawn, logout, another user. */
import { describe, expect, it } from "vitest"
import { assign, createActor, fromCallback, fromPromise, setup } from "xstate"
import { chatLifetime } from "./chat-lifetime"
import { chatInboxMachine } from "./inbox-machine"

const session = setup({
  types: {
    context: {} as { userData: { id: number } | null },
    events: {} as { type: "LOGIN"; id: number } | { type: "LOGOUT" },
  },
}).createMachine({
  context: { userData: null },
  initial: "loggedOut",
  states: {
    loggedOut: {
      on: {
        LOGIN: {
          target: "loggedIn",
          actions: assign({ userData: ({ event }) => ({ id: event.type === "LOGIN" ? event.id : 0 }) }),
        },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: "loggedOut", actions: assign({ userData: null }) },
        LOGIN: { actions: assign({ userData: ({ event }) => ({ id: event.type === "LOGIN" ? event.id : 0 }) }) },
      },
    },
  },
})
const acl = setup({
  types: {
    context: {} as { backAcl: Record<string, unknown> },
    events: {} as { type: "SET"; backAcl: Record<string, unknown> },
  },
}).createMachine({
  context: { backAcl: {} },
  on: { SET: { actions: assign({ backAcl: ({ event }) => event.backAcl }) } },
})
const never = fromPromise(() => new Promise<never>(() => undefined))
const inbox = chatInboxMachine.provide({
  actors: { loadConversations: never, chatSocket: fromCallback(() => undefined) } as never,
})
const root = setup({ actors: { session, acl, inbox, chatLifetime } }).createMachine({
  invoke: [
    { id: "acl", systemId: "acl", src: "acl" },
    { id: "session", systemId: "session", src: "session" },
    { id: "inbox", systemId: "chat-inbox", src: "inbox" },
    { id: "life", src: "chatLifetime" },
  ],
})

describe("chat lifetime", () => {
  it("starts with login + BACK:chat, restarts for another user, stops on withdrawal and logout", () => {
    const actor = createActor(root).start()
    const s = actor.system
    const snap = () => s.get("chat-inbox")!.getSnapshot() as { value: unknown; context: { userId: number } }
    const state = () => ({ value: snap().value === "off" ? "off" : "on", context: snap().context })
    expect(state().value).toBe("off")
    s.get("session")!.send({ type: "LOGIN", id: 7 })
    expect(state().value).toBe("off")
    s.get("acl")!.send({ type: "SET", backAcl: { "BACK:chat": 1 } })
    expect([state().value, state().context.userId]).toEqual(["on", 7])
    s.get("session")!.send({ type: "LOGIN", id: 8 })
    expect([state().value, state().context.userId]).toEqual(["on", 8])
    s.get("acl")!.send({ type: "SET", backAcl: {} })
    expect(state().value).toBe("off")
    s.get("acl")!.send({ type: "SET", backAcl: { "BACK:chat": 1 } })
    expect(state().value).toBe("on")
    s.get("session")!.send({ type: "LOGOUT" })
    expect(state().value).toBe("off")
  })
})
