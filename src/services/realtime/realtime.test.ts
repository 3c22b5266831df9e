/**
 * The realtime service over a fake socket.io client (opened in place of `io`): the token travels in the handshake's
 * auth payload, each channel hears only its own events, one socket is shared and reference-counted, a late subscriber
 * hears "connected", and a channel's messages reach the server as sent.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { ApiConfig } from "../api/config"
import { Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"
import { Realtime, type Channel, type OpenSocket, type RealtimeHandlers, type RealtimeStatus } from "./realtime"

interface FakeSocket {
  readonly url: string
  readonly options: Record<string, unknown>
  readonly listeners: Map<string, ((payload: unknown) => void)[]>
  readonly emitted: [string, unknown][]
  closed: boolean
  on: (event: string, listener: (payload: unknown) => void) => void
  emit: (event: string, payload: unknown) => void
  connect: () => void
  close: () => void
  removeAllListeners: () => void
}

const sockets: FakeSocket[] = []

/** Opens a fake socket and keeps it in `sockets`, in place of socket.io's `io`. */
const openFake = (url: string, options: Record<string, unknown>) => {
  const socket: FakeSocket = {
    url,
    options,
    listeners: new Map(),
    emitted: [],
    closed: false,
    on: (event, listener) => void socket.listeners.set(event, [...(socket.listeners.get(event) ?? []), listener]),
    emit: (event, payload) => void socket.emitted.push([event, payload]),
    connect: () => undefined,
    close: () => {
      socket.closed = true
    },
    removeAllListeners: () => socket.listeners.clear(),
  }
  sockets.push(socket)
  return socket
}

const fire = (socket: FakeSocket, event: string, payload?: unknown) => {
  for (const listener of socket.listeners.get(event) ?? []) listener(payload)
}

const runtime = () =>
  ManagedRuntime.make(
    Realtime.layerWith(openFake as unknown as OpenSocket).pipe(
      Layer.provide(
        Layer.mergeAll(
          ApiConfig.layer({ origin: "http://console.test", rtBase: "/rt" }),
          Storage.layerMemory({ [StorageKeys.userToken]: "token-1" }),
        ),
      ),
    ),
  )

const recorder = <C extends Channel>() => {
  const events: [string, unknown][] = []
  const statuses: RealtimeStatus[] = []
  const handlers: RealtimeHandlers<C> = {
    onEvent: (event, payload) => void events.push([event, payload]),
    onStatus: (status) => void statuses.push(status),
  }
  return { events, statuses, handlers }
}

beforeEach(() => {
  sockets.length = 0
})

describe("Realtime", () => {
  it("authenticates in the handshake's auth payload, never in the URL's query", async () => {
    const rt = runtime()
    await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("calls", recorder<"calls">().handlers)))
    expect(sockets).toHaveLength(1)
    expect(sockets[0].url).toBe("http://console.test")
    expect(sockets[0].options).toMatchObject({ path: "/rt/socket.io", auth: { user_token: "token-1" } })
    expect(sockets[0].options.query).toBeUndefined()
    await rt.dispose()
  })

  it("shares one socket between channels, each hearing its own events; the last close closes it", async () => {
    const rt = runtime()
    const calls = recorder<"calls">()
    const chat = recorder<"chat">()
    const callsConnection = await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("calls", calls.handlers)))
    fire(sockets[0], "connect")
    const chatConnection = await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("chat", chat.handlers)))
    expect(sockets).toHaveLength(1)
    expect(calls.statuses).toEqual(["connected"])
    expect(chat.statuses).toEqual(["connected"])

    fire(sockets[0], "call-ended", { callId: "c1" })
    fire(sockets[0], "chat:typing", { seq: 1, conversation_id: 4, number: "+90", state: "typing" })
    expect(calls.events).toEqual([["call-ended", { callId: "c1" }]])
    expect(chat.events).toEqual([["chat:typing", { seq: 1, conversation_id: 4, number: "+90", state: "typing" }]])

    fire(sockets[0], "connect_error", new Error("TOKEN_EXPIRED"))
    expect(chat.statuses.at(-1)).toBe("unauthorized")

    callsConnection.emit({ event: "reject-call", payload: { callId: "c1" } })
    expect(sockets[0].emitted.filter(([event]) => event !== "rt:watch")).toEqual([["reject-call", { callId: "c1" }]])

    callsConnection.close()
    expect(sockets[0].closed).toBe(false)
    chatConnection.close()
    expect(sockets[0].closed).toBe(true)
    await rt.dispose()
  })

  it("hands a chat batch's events to the chat subscribers one by one, in order, and nothing to the other channels", async () => {
    const rt = runtime()
    const calls = recorder<"calls">()
    const chat = recorder<"chat">()
    await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("calls", calls.handlers)))
    await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("chat", chat.handlers)))
    const first = { seq: 7, conversation_id: 4, message_id: 9, status: "delivered" }
    const second = { seq: 8, conversation_id: 4, message_id: 9, status: "read" }
    fire(sockets[0], "chat:batch", {
      events: [
        { event: "chat:message-status", payload: first },
        { event: "chat:message-status", payload: second },
      ],
    })
    expect(chat.events).toEqual([
      ["chat:message-status", first],
      ["chat:message-status", second],
    ])
    expect(calls.events).toEqual([])
    await rt.dispose()
  })

  it("asks for the dashboard's events while a dashboard listens: on its first subscriber, after a reconnection, not after its last", async () => {
    const rt = runtime()
    const chat = await rt.runPromise(Effect.flatMap(Realtime, (realtime) => realtime.subscribe("chat", recorder<"chat">().handlers)))
    fire(sockets[0], "connect")
    const watches = () => sockets[0].emitted.filter(([event]) => event === "rt:watch").map(([, payload]) => payload)
    expect(watches()).toEqual([{ channels: [] }])
    const dashboard = await rt.runPromise(
      Effect.flatMap(Realtime, (realtime) => realtime.subscribe("dashboard", recorder<"dashboard">().handlers)),
    )
    expect(watches().at(-1)).toEqual({ channels: ["dashboard"] })
    fire(sockets[0], "disconnect", "transport close")
    fire(sockets[0], "connect")
    expect(watches().at(-1)).toEqual({ channels: ["dashboard"] })
    dashboard.close()
    expect(watches().at(-1)).toEqual({ channels: [] })
    expect(watches()).toHaveLength(4)
    chat.close()
    await rt.dispose()
  })
})
