/**
 * Starts the chat inbox while the session is logged in and the user holds the back-end `chat` permission (the
 * server sends chat events and answers the chat calls only then), stops it otherwise: logout, permission withdrawn.
 * Stopping drops every conversation actor and the list, so nothing of one login survives into the next.
 */
import { fromCallback } from "xstate"
import { hasBackPermission, type BackAcl } from "../acl/acl-machine"

interface SessionLike {
  matches: (value: string) => boolean
  context: { userData: { id: number | string } | null }
}

export const chatLifetime = fromCallback(({ system }) => {
  const session = system.get("session")
  const acl = system.get("acl")
  const inbox = system.get("chat-inbox")
  if (!session || !acl || !inbox) return
  let running: number | null = null
  const check = () => {
    const s = session.getSnapshot() as SessionLike
    const backAcl = (acl.getSnapshot() as { context: { backAcl: BackAcl } }).context.backAcl
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
