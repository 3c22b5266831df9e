/**
 * Starts the call centre while the session is logged in and the user holds FRONT:/channels/whatsapp-call, stops it
 * otherwise (logout, permission withdrawn), and passes the agent's online flag on.
 */
import { fromCallback } from "xstate"
import { hasVoiceCalls } from "../acl/acl-machine"
import type { UserAcl } from "../acl/decide"

interface SessionLike {
  matches: (value: string) => boolean
  context: { online: boolean; userData: { id: number | string; client_id: number | string } | null }
}

export const callCenterLifetime = fromCallback(({ system }) => {
  const session = system.get("session")
  const acl = system.get("acl")
  const center = system.get("callCenter")
  if (!session || !acl || !center) return
  let running = false
  let online: boolean | null = null
  const check = () => {
    const s = session.getSnapshot() as SessionLike
    const userAcl = (acl.getSnapshot() as { context: { userAcl: UserAcl | null } }).context.userAcl
    const wanted = s.matches("loggedIn") && hasVoiceCalls(userAcl) && s.context.userData !== null
    if (wanted && !running) {
      center.send({
        type: "CENTER.START",
        userId: Number(s.context.userData!.id),
        clientId: Number(s.context.userData!.client_id),
        online: s.context.online,
      })
      online = s.context.online
    } else if (!wanted && running) center.send({ type: "CENTER.STOP" })
    else if (wanted && online !== s.context.online) center.send({ type: "CENTER.ONLINE", online: s.context.online })
    online = s.context.online
    running = wanted
  }
  check()
  const subscriptions = [session.subscribe(check), acl.subscribe(check)]
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
})
