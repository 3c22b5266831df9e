/**
 * What the agents' queue asks of the one hand-out (tenant-settings/auto-assign.ts provides both), so routing never
 * serves the queue by itself: "take next" for one agent, and another go for the waiting conversations after a
 * conversation was routed to another agent group.
 */
import { portPoint } from "../../core/hooks"
import type { Db } from "../../db/db"
import type { Ctx } from "../../http/context"

/** What the hand-out needs of the call: its transaction, and where real-time events go after the commit. */
export type HandOutCtx = Pick<Ctx, "db" | "afterCommit" | "services">

/**
 * Why "take next" gave nothing: the agent is at their cap of every kind that waits for them, nothing waits for them,
 * or another hand-out to them (or of the conversation) is committing right now.
 */
export type TakeRefusal = "full" | "empty" | "busy"

/** Serves `agentId` the first waiting conversation (in the queue's order) they may take: its id, or why not. */
export const takeNextFor = portPoint<[ctx: HandOutCtx, clientId: number, agentId: number], number | TakeRefusal>(
  "routing.takeNextFor",
  async () => {
    throw new Error("No feature provides routing.takeNextFor (tenant-settings)")
  },
)

/** The tenant's waiting conversations get another go at the hand-out (after the commit). */
export const serveWaitingLater = portPoint<[db: Db, clientId: number], void>("routing.serveWaitingLater", async () => {
  throw new Error("No feature provides routing.serveWaitingLater (tenant-settings)")
})
