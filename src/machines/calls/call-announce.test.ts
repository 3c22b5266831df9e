/**
 * What the call centre tells the announcer: an incoming WhatsApp call, assertively, once, with the caller's name and
 * number; a repeated call-is-coming and a card restored after a reload stay silent; nothing while offline.
 */
import { describe, expect, it } from "vitest"
import { type ActorRefFrom, createActor, fromCallback, fromPromise, setup } from "xstate"
import { announcerMachine, type Words } from "../shell/announcer-machine"
import type { SocketEvent } from "./call-actors"
import type { SocketEmit } from "./call-events"
import { callCenterMachine } from "./call-center-machine"
import { incomingCallMachine } from "./incoming-call-machine"
import type { StoredCall } from "./stored-calls"

const settle = () => new Promise((r) => setTimeout(r, 0))

const harness = (stored: StoredCall[] = []) => {
  const socket: { send: ((e: SocketEvent) => void) | null } = { send: null }
  const quiet = fromCallback(() => () => undefined)
  const centre = callCenterMachine.provide({
    actors: {
      callSocket: fromCallback<SocketEmit, undefined, SocketEvent>(({ sendBack }) => {
        socket.send = sendBack
      }),
      ringTone: quiet,
      restoreCalls: fromPromise(async () => ({ calls: stored, toneEnabled: true })) as never,
      persistCalls: fromPromise(async () => undefined) as never,
      incomingCall: incomingCallMachine.provide({ actors: { ticker: quiet, callMedia: quiet as never } }),
    },
  })
  const system = createActor(
    setup({ actors: { centre, announcer: announcerMachine } }).createMachine({
      invoke: [
        { id: "announcer", systemId: "announcer", src: "announcer" },
        { id: "centre", src: "centre" },
      ],
    }),
  ).start()
  const children = system.getSnapshot().children
  const actor = children.centre as ActorRefFrom<typeof callCenterMachine>
  const announcer = children.announcer as ActorRefFrom<typeof announcerMachine>
  const alerts: Words[] = []
  announcer.subscribe((s) => {
    if (s.context.assertive && s.context.assertive.seq > alerts.length) alerts.push(s.context.assertive.words)
  })
  const start = async (online = true) => {
    actor.send({ type: "CENTER.START", userId: 7, clientId: 1, online })
    await settle()
  }
  const ring = (callId: string, callerName = `N ${callId}`) =>
    socket.send!({ type: "rt.call-is-coming", callId, callerName, callerNumber: `+90${callId}` })
  return { actor, alerts, start, ring }
}

describe("call centre announcements", () => {
  it("alerts an incoming call once, with the caller's name and number", async () => {
    const h = harness()
    await h.start()
    h.ring("a")
    h.ring("a")
    h.ring("b", "")
    expect(h.alerts).toEqual([
      { key: "shell.announce.call", values: { name: "N a", number: "+90a" } },
      { key: "shell.announce.callUnknown", values: { number: "+90b" } },
    ])
  })

  it("stays silent for a card restored after a reload and while the agent is offline", async () => {
    const h = harness([{ id: "r", name: "Restored", number: "+90r" }])
    await h.start(false)
    h.ring("c")
    expect(h.actor.getSnapshot().context.calls.map((c) => c.callId)).toEqual(["r"])
    expect(h.alerts).toEqual([])
  })
})
