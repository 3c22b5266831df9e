/** Team-chat socket events (src/contract/agent-groups-events.ts) to users' rooms, after the write commits. */
import type { TeamToBrowser, TeamToBrowserEvent } from "../../../src/contract/agent-groups-events"
import type { Ctx } from "../../http/context"
import { userRoom } from "../../realtime/realtime"

export const emitTeam = <E extends TeamToBrowserEvent>(ctx: Ctx, userIds: readonly number[], event: E, payload: TeamToBrowser[E]) => {
  const rooms = [...new Set(userIds)].map(userRoom)
  if (rooms.length === 0) return
  const emit = () => void ctx.services.realtime?.io.to(rooms).emit(event, payload)
  if (ctx.afterCommit) ctx.afterCommit(emit)
  else emit()
}
