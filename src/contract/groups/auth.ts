import { Schema } from "effect"
import { defineGroup } from "../call"
import { Empty, Ok, Paged } from "../schemas/common"
import {
  AccessTokenRequest,
  ActivityLog,
  AuthenticateResponse,
  AuthMeResponse,
  AuthUserResponse,
  AuthUserUpdateRequest,
  AutoreplyHandle,
  BalanceResponse,
  ClientSettingsResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  OnlineResponse,
  PageRequest,
  PasswordResetRequest,
  QueryPaging,
  SendEmailRequest,
  SendEmailResponse,
  SessionMessage,
  SessionMessageInput,
  SessionMessageUpdate,
} from "../schemas/auth"
import { UserCreate, UserResponse } from "../schemas/access"
import { Data } from "../schemas/common"

const SessionMessageResponse = Data(Schema.Struct({ session: SessionMessage }))

export const auth = defineGroup(
  "auth",
  { title: "Authentication and session", permission: null },
  {
    authenticate: {
      method: "GET",
      path: "/authenticate",
      request: Empty,
      response: AuthenticateResponse,
      credential: "apiKey",
    },
    authUser: {
      method: "POST",
      path: "/auth/user",
      request: LoginRequest,
      response: LoginResponse,
      credential: "none",
    },
    logoutByLoginId: { method: "GET", path: "/logout/{login_id}", request: LogoutRequest, response: Ok },
    clientSettings: { method: "GET", path: "/client/settings", request: Empty, response: ClientSettingsResponse },
    agentOnline: { method: "GET", path: "/agent/online", request: Empty, response: OnlineResponse },
    agentOffline: { method: "GET", path: "/agent/offline", request: Empty, response: OnlineResponse },
    activityLogs: {
      method: "GET",
      path: "/activity/logs",
      request: Schema.Struct(QueryPaging),
      response: Paged(ActivityLog),
      permission: "users",
    },
    listAutoreplyHandles: {
      method: "POST",
      path: "/list/autoreply/handles",
      request: PageRequest,
      response: Paged(AutoreplyHandle),
    },
    sendEmail: {
      method: "POST",
      path: "/backend/send/email",
      request: SendEmailRequest,
      response: SendEmailResponse,
      credential: "client",
    },
    passwordReset: {
      method: "PUT",
      path: "/backend/password/reset",
      request: PasswordResetRequest,
      response: Ok,
      credential: "client",
    },
    sessionFetch: { method: "GET", path: "/session/fetch", request: Empty, response: SessionMessageResponse },
    sessionMessage: {
      method: "POST",
      path: "/session/message",
      request: SessionMessageInput,
      response: SessionMessageResponse,
      permission: "client_settings",
    },
    sessionMessageById: {
      method: "PUT",
      path: "/session/message/id",
      request: SessionMessageUpdate,
      response: SessionMessageResponse,
      permission: "client_settings",
    },
    getClientBalance: { method: "POST", path: "/get/client/balance", request: Empty, response: BalanceResponse },
    authRegister: {
      method: "POST",
      path: "/api/auth/register",
      request: UserCreate,
      response: UserResponse,
      permission: "users",
    },
    auth: { method: "GET", path: "/api/auth", request: Empty, response: AuthMeResponse },
    authAccessToken: {
      method: "GET",
      path: "/api/auth/access-token",
      request: AccessTokenRequest,
      response: LoginResponse,
      credential: "none",
    },
    authUserUpdate: {
      method: "POST",
      path: "/api/auth/user/update",
      request: AuthUserUpdateRequest,
      response: AuthUserResponse,
    },
  },
)
