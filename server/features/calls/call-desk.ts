/**
 * What the agent's call desk (hold, resume, transfer: call-hold.ts, call-transfer.ts) needs of the call hub: the
 * services, the socket emits, and the call bus to the process carrying a call's media.
 */
import type { ToBrowser, ToBrowserEvent } from "../../../src/contract/voice-calls"
import type { Services } from "../../http/context"
import { userRoom } from "../../realtime/realtime"
import type { AppSocket } from "../../realtime/socket"
import type { CallBusMessage } from "./call-bus"

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
