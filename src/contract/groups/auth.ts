import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const auth = defineGroup("auth", { title: "Authentication and session", permission: null }, {
  authenticate: { method: "GET", path: "/authenticate", request: Undesigned, response: Undesigned },
  authUser: { method: "POST", path: "/auth/user", request: Undesigned, response: Undesigned },
  logoutByLoginId: { method: "GET", path: "/logout/{login_id}", request: Undesigned, response: Undesigned },
  clientSettings: { method: "GET", path: "/client/settings", request: Undesigned, response: Undesigned },
  agentOnline: { method: "GET", path: "/agent/online", request: Undesigned, response: Undesigned },
  agentOffline: { method: "GET", path: "/agent/offline", request: Undesigned, response: Undesigned },
  activityLogs: { method: "GET", path: "/activity/logs", request: Undesigned, response: Undesigned },
  listAutoreplyHandles: { method: "POST", path: "/list/autoreply/handles", request: Undesigned, response: Undesigned },
  sendEmail: { method: "POST", path: "/backend/send/email", request: Undesigned, response: Undesigned },
  passwordReset: { method: "PUT", path: "/backend/password/reset", request: Undesigned, response: Undesigned },
  sessionFetch: { method: "GET", path: "/session/fetch", request: Undesigned, response: Undesigned },
  sessionMessage: { method: "POST", path: "/session/message", request: Undesigned, response: Undesigned },
  sessionMessageById: { method: "PUT", path: "/session/message/id", request: Undesigned, response: Undesigned },
  getClientBalance: { method: "POST", path: "/get/client/balance", request: Undesigned, response: Undesigned },
  authRegister: { method: "POST", path: "/api/auth/register", request: Undesigned, response: Undesigned },
  auth: { method: "GET", path: "/api/auth", request: Undesigned, response: Undesigned },
  authAccessToken: { method: "GET", path: "/api/auth/access-token", request: Undesigned, response: Undesigned },
  authUserUpdate: { method: "POST", path: "/api/auth/user/update", request: Undesigned, response: Undesigned },
})
