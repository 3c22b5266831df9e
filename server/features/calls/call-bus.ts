/**
 * Messages between the server processes about calls, for what only the process carrying a call's media can do: release
 * its peers (the call ended elsewhere: a customer's hang-up, a Meta terminate, the ring timeout), hold and resume its
 * media, give its agent side to another tab or agent, relay a warm transfer's consult, and route Meta's webhooks about an agent's call to a customer
 * (Meta's id of it is known only where it was dialled). Carried by the socket.io adapter's `serverSideEmit` (Redis
 * reaches every process); the sender handles its own copy, so one process without Redis needs nothing else.
 */
import type { Services } from "../../http/context"

export type CallBusMessage =
  /** The call ended: whoever carries its media lets it go (`farEndGone`: the customer's side already knows). */
  | { readonly kind: "release"; readonly callId: string; readonly farEndGone: boolean }
  /** The call went on hold (`held`) or was resumed: the process carrying its media plays or stops the hold tone. */
  | { readonly kind: "hold"; readonly callId: string; readonly held: boolean }
  /**
   * The call's agent side is now this socket (a resume in another tab, a transfer taken): the process carrying its
   * media tells that socket from now on and, with `sdp` (the tab's offer), answers it as the call's agent leg.
   */
  | {
      readonly kind: "repoint"
      readonly callId: string
      readonly channel: "simulator" | "meta"
      readonly socketId: string
      readonly sdp: string | null
    }
  /** A warm transfer's colleague took it (`sdp`: their browser's offer): the agent and the colleague talk. */
  | {
      readonly kind: "consult"
      readonly callId: string
      readonly channel: "simulator" | "meta"
      readonly socketId: string
      readonly sdp: string
    }
  /** The consult ended: handed over to the colleague, or back on hold with the agent. */
  | { readonly kind: "consult-end"; readonly callId: string; readonly handedOver: boolean }
  /** A Meta webhook about a call named by Meta's id: the process that knows that id acts on it. */
  | {
      readonly kind: "meta"
      readonly op: "answered" | "status" | "terminate"
      readonly clientId: number
      readonly metaCallId: string
      readonly value: string
    }

const EVENT = "calls:bus"

/**
 * Whether the socket service's adapter reaches other processes: socket.io's in-memory adapter has nobody to tell and
 * warns on every `serverSideEmit`; the Redis adapters define their own.
 */
const reachesOthers = (adapter: object) => {
  let proto: object | null = Object.getPrototypeOf(adapter)
  while (proto && !Object.hasOwn(proto, "serverSideEmit")) proto = Object.getPrototypeOf(proto)
  return proto !== null && (proto as { constructor?: { name?: string } }).constructor?.name !== "Adapter"
}

export interface CallBus {
  /** Listens to the other processes once the socket service exists (idempotent). */
  readonly attach: () => void
  readonly broadcast: (message: CallBusMessage) => Promise<void>
}

export const createCallBus = (services: Services, handle: (message: CallBusMessage) => Promise<void>): CallBus => {
  let attachedTo: unknown = null
  const run = (message: CallBusMessage) =>
    handle(message).catch((error: unknown) => console.error(`[calls] ${message.kind} of a call failed`, error))
  const attach = () => {
    const io = services.realtime?.io
    if (!io || attachedTo === io) return
    attachedTo = io
    io.on(EVENT, (message: CallBusMessage) => void run(message))
  }
  return {
    attach,
    broadcast: async (message) => {
      attach()
      const io = services.realtime?.io
      if (io && reachesOthers(io.of("/").adapter)) io.serverSideEmit(EVENT, message)
      await run(message)
    },
  }
}
