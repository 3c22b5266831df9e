/** The public module of the sessions: what other features may use of them (the rest of server/features/session is its own). */
export { endUserSessions, startSession } from "./login"
export { agentOnline, presenceChanged } from "./hooks"
export { confirmOwnEmailChange, wrongCurrentPassword } from "./own-email"
