/**
 * Starts the call centre while the session is logged in and the user holds FRONT:/channels/whatsapp-call, stops it
 * otherwise (logout, permission withdrawn), and passes the agent's online flag on.
 */
import { fromCallback } from "xstate"
import { hasVoiceCalls } from "../acl/acl-machine"
import { type AclSnapshot, selectUserAcl } from "../acl/acl-selectors"
import type { SessionSnapshot } from "../session/session-selectors"

export const callCenterLifetime = fromCallback(({ system }) => {
  const session = system.get("session")
  const acl = system.get("acl")
  const center = system.get("callCenter")
  if (!session || !acl || !center) return
  let running = false
  let online: boolean | null = null
  const check = () => {
    // The system hands out untyped refs; the root spawns these two ids from the session and ACL machines.
    const s: SessionSnapshot = session.getSnapshot()
    const aclSnapshot: AclSnapshot = acl.getSnapshot()
    const user = s.context.userData
    const wanted = s.matches("loggedIn") && hasVoiceCalls(selectUserAcl(aclSnapshot)) && user !== null
    if (wanted && !running) {
      center.send({ type: "CENTER.START", userId: Number(user.id), clientId: Number(user.client_id), online: s.context.online })
      online = s.context.online
    } else if (!wanted && running) center.send({ type: "CENTER.STOP" })
    else if (wanted && online !== s.context.online) center.send({ type: "CENTER.ONLINE", online: s.context.online })
    online = s.context.online
    running = wanted
  }
  check()
  const subscriptions = [session.subscribe(check), acl.subscribe(check)]
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
})
