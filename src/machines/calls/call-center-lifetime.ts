/**
 * Starts the call centre while the session is logged in and the user holds FRONT:/channels/whatsapp-call, stops it
 * otherwise (logout, permission withdrawn), and passes the agent's online flag on.
 */
import { fromCallback } from "xstate"
import { hasVoiceCalls } from "../acl/acl-machine"
import { selectUserAcl } from "../acl/acl-selectors"
import { systemActor } from "../system-ids"

export const callCenterLifetime = fromCallback(({ system }) => {
  const session = systemActor(system, "session")
  const acl = systemActor(system, "acl")
  const center = systemActor(system, "callCenter")
  if (!session || !acl || !center) return
  let running = false
  let online: boolean | null = null
  const check = () => {
    const s = session.getSnapshot()
    const user = s.context.userData
    const wanted = s.matches("loggedIn") && hasVoiceCalls(selectUserAcl(acl.getSnapshot())) && user !== null
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
