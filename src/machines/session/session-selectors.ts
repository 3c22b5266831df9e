/** What views read from the session snapshot: phases instead of raw state values. */
import type { SnapshotFrom } from "xstate"
import type { sessionMachine } from "./session-machine"

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

export type SessionPhase = "restoring" | "loggedOut" | "authenticating" | "loggedIn" | "locked" | "unlocking" | "leaving"

export const selectPhase = (snapshot: SessionSnapshot): SessionPhase => {
  if (snapshot.matches("restoring")) return "restoring"
  if (snapshot.matches("loggedOut")) return "loggedOut"
  if (snapshot.matches("authenticating") || snapshot.matches("tokenAuthenticating") || snapshot.matches("persisting")) {
    return "authenticating"
  }
  if (snapshot.matches({ loggedIn: { lock: "locked" } }) || snapshot.matches({ loggedIn: { lock: "locking" } })) return "locked"
  if (snapshot.matches({ loggedIn: { lock: "unlocking" } })) return "unlocking"
  if (snapshot.matches("loggedIn")) return "loggedIn"
  return "leaving"
}

/** Online flag and whether a switch is in flight. */
export const selectPresence = (snapshot: SessionSnapshot) => ({
  online: snapshot.context.online,
  switching: snapshot.matches({ loggedIn: { presence: "goingOnline" } }) || snapshot.matches({ loggedIn: { presence: "goingOffline" } }),
})

export const selectDisplayName = (snapshot: SessionSnapshot): string =>
  snapshot.context.user?.data.displayName || snapshot.context.username || ""

export const selectMessage = (snapshot: SessionSnapshot) => ({
  message: snapshot.context.message,
  detail: snapshot.context.detail,
})

/** Who is signed in, as a key for what this browser keeps per person (their folded sidebar groups); null logged out. */
export const selectUserKey = (snapshot: SessionSnapshot): string | null =>
  snapshot.context.userData ? `${snapshot.context.userData.client_id}:${snapshot.context.userData.id}` : null
