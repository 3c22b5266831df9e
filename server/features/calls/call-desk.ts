/**
 * What the agent's call desk (hold, resume, transfer: call-hold.ts, call-transfer.ts) needs of the call hub: the
 * services, the socket emits, and the call bus to the process carrying a call's media.
 */
import type { ToBrowser, ToBrowserEvent } from "../../../src/contract/voice-calls"
import type { Services } from "../../http/context"
import { userRoom } from "../../realtime/realtime"
import type { AppSocket } from "../../realtime/socket"
import type { CallBusMessage } from "./call-bus"
import type { LiveCall } from "./call-store"

/** A failure of work nobody awaits (an announcement, a follow-up), logged under `what` it was. */
export const logFailure = (what: string) => (error: unknown) => console.error(`[calls] ${what}`, error)

export type Emit = <E extends ToBrowserEvent>(room: string | readonly string[], event: E, payload: ToBrowser[E]) => void

export interface DeskTools {
  readonly services: Services
  readonly emit: Emit
  readonly broadcast: (message: CallBusMessage) => Promise<void>
}

export interface Agent {
  readonly clientId: number
  readonly userId: number
}

/** The agent of a socket, or null for a socket without one. */
export const agentOf = (socket: AppSocket): Agent | null => {
  const { userId, clientId } = socket.data.principal
  return userId === null || clientId === null ? null : { userId, clientId }
}

/** Each agent's own room: a ring and its removal reach only the agents concerned, in one emit. */
export const agentRooms = (userIds: readonly number[]) => [...new Set(userIds)].map(userRoom)

/** The tenant's open queue pages of agents who may take calls (they watch `queue`: voice-socket.ts). */
export const queueWatchers = (clientId: number) => `voice:${clientId}:queue`

/**
 * Who hears that `call` ended: every agent whose console may show it (rung, declined, on it, and its transfer's
 * sender and those it rang), and the tenant's open queue pages. Not every agent who may take calls: at 1,000 agents
 * and 20 calls a second that was 20,000 frames a second.
 */
export const endedAudience = (call: LiveCall): string[] => [
  ...agentRooms([
    ...call.rung,
    ...call.declined,
    ...(call.agentId === null ? [] : [call.agentId]),
    ...(call.transfer
      ? [call.transfer.fromUser, ...call.transfer.rung, ...(call.transfer.consulting ? [call.transfer.consulting.userId] : [])]
      : []),
  ]),
  queueWatchers(call.clientId),
]
