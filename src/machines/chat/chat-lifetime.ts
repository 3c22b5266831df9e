/**
 * Starts the chat inbox while the session is logged in and the user holds the back-end `chat` permission (the
 * server sends chat events and answers the chat calls only then), stops it otherwise: logout, permission withdrawn.
 * Stopping drops every conversation actor and the list, so nothing of one login survives into the next.
 */
import { fromCallback } from "xstate"
import { hasBackPermission } from "../acl/acl-machine"
import { systemActor } from "../system-ids"

export const chatLifetime = fromCallback(({ system }) => {
  const session = systemActor(system, "session")
  const acl = systemActor(system, "acl")
  const inbox = systemActor(system, "chat-inbox")
  if (!session || !acl || !inbox) return
  let running: number | null = null
  const check = () => {
    const s = session.getSnapshot()
    const backAcl = acl.getSnapshot().context.backAcl
    const userId =
      s.matches("loggedIn") && s.context.userData !== null && hasBackPermission(backAcl, "chat") ? Number(s.context.userData.id) : null
    if (userId === running) return
    if (running !== null) inbox.send({ type: "INBOX.STOP" })
    if (userId !== null) inbox.send({ type: "INBOX.START", userId })
    running = userId
  }
  check()
  const subscriptions = [session.subscribe(check), acl.subscribe(check)]
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
})
