/**
 * What the agents' queue asks of the voice calls (calls/call-waiting.ts provides it), so routing never reads the calls'
 * tables itself: the customers' calls waiting for a free agent, first in first out.
 */
import { portPoint } from "../../core/hooks"
import type { Db } from "../../db/db"
import type { WaitingCall } from "../../../src/contract/groups/routing"

/** The tenant's waiting calls in the order they are served (place 1 first). */
export const waitingCallsOf = portPoint<[db: Db, clientId: number], WaitingCall[]>("routing.waitingCalls", async () => {
  throw new Error("No feature provides routing.waitingCalls (calls)")
})
