/**
 * The sessions' hook points: an agent going online or offline.
 *   agentOnline, in the transaction: tenant-settings 10 (auto-assign: the agent takes waiting conversations).
 *   presenceChanged, after the commit: dashboard 10 (the live figures of the tenant).
 */
import { hookPoint } from "../../core/hooks"
import type { Db } from "../../db/db"
import type { Services } from "../../http/context"

export interface AgentOnline {
  readonly db: Db
  readonly clientId: number
  readonly userId: number
}

export interface PresenceChanged {
  readonly services: Services
  readonly clientId: number
}

export const agentOnline = hookPoint<AgentOnline>("session.agentOnline")
export const presenceChanged = hookPoint<PresenceChanged>("session.presenceChanged")
