import { Schema } from "effect"
import { Data, Email, Id, Instant, Limit, Page, Text } from "./common"

/** A page/limit pair that also arrives as query text on GET calls. */
const QueryInt = Schema.Union([Schema.Number, Schema.String.check(Schema.isPattern(/^\d{1,9}$/))])
export const QueryPaging = { page: Schema.optional(QueryInt), limit: Schema.optional(QueryInt) }

export const Password = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))
/** A password a user sets: at least 8 characters. */
export const NewPassword = Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(200))
export const Username = Schema.String.check(Schema.isTrimmed(), Schema.isMinLength(1), Schema.isMaxLength(100))

export const LoginRequest = Schema.Struct({ username: Username, password: Password })

/** The user block of a login answer (spec 000 section 3: role list, data, from). */
export const SessionUser = Schema.Struct({
  role: Schema.Array(Schema.String),
  data: Schema.Struct({
    displayName: Schema.String,
    photoURL: Schema.String,
    email: Schema.String,
    settings: Schema.Record(Schema.String, Schema.Unknown),
    shortcuts: Schema.Array(Schema.String),
  }),
  from: Schema.String,
})
export type SessionUser = typeof SessionUser.Type

/** `POST /auth/user` and the token login answer (CONTEXT wire conventions). */
export const LoginResponse = Schema.Struct({
  user_token: Schema.String,
  client_token: Schema.String,
  user_acl: Schema.Record(Schema.String, Schema.Boolean),
  back_acl: Schema.Record(Schema.String, Schema.Literal(1)),
  user_data: Schema.Struct({ id: Id, client_id: Id }),
  user: SessionUser,
  login_id: Schema.String,
  /**
   * Ours: whether the server has the user online (taking chats and calls) as the session starts, so the console shows
   * the state its agent is served by rather than a default.
   */
  online: Schema.optional(Schema.Boolean),
})
export type LoginResponse = typeof LoginResponse.Type

export const ClientSummary = Schema.Struct({
  id: Id,
  name: Schema.String,
  status: Schema.String,
  products: Schema.Array(Schema.String),
})

export const AuthenticateResponse = Data(Schema.Struct({ authenticated: Schema.Boolean, client: ClientSummary }))

export const LogoutRequest = Schema.Struct({
  login_id: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100)),
})

export const OnlineResponse = Data(Schema.Struct({ online: Schema.Boolean }))

export const ClientSettingsResponse = Data(Schema.Struct({ client: ClientSummary, settings: Schema.Record(Schema.String, Schema.Unknown) }))

export const ActivityLog = Schema.Struct({
  id: Id,
  user_id: Schema.NullOr(Id),
  username: Schema.NullOr(Schema.String),
  action: Schema.String,
  detail: Schema.Record(Schema.String, Schema.Unknown),
  dt: Instant,
})

export const AutoreplyHandle = Schema.Struct({
  id: Id,
  name: Schema.String,
  trigger: Schema.String,
  active: Schema.Boolean,
})
export const PageRequest = Schema.Struct({ page: Schema.optional(Page), limit: Schema.optional(Limit()) })

/** Password reset, step one: mail a single-use link to the account's address. Always answers the same (no enumeration). */
export const SendEmailRequest = Schema.Struct({ email: Email })
export const SendEmailResponse = Data(Schema.Struct({ sent: Schema.Boolean }))
/** Password reset, step two: the token from the mail and the new password. */
export const PasswordResetRequest = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(10), Schema.isMaxLength(200)),
  password: NewPassword,
})

/** Session timeout message (the /apps/sessionMessage screen). */
export const SessionMessage = Schema.Struct({
  id: Schema.NullOr(Id),
  enabled: Schema.Boolean,
  timeout_minutes: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 10080 })),
  message: Text(1000),
})
export const SessionMessageInput = Schema.Struct({
  enabled: Schema.optional(Schema.Boolean),
  timeout_minutes: SessionMessage.fields.timeout_minutes,
  message: Text(1000),
})
export const SessionMessageUpdate = Schema.Struct({
  id: Schema.Union([Id, Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,15}$/))]),
  enabled: Schema.optional(Schema.Boolean),
  timeout_minutes: Schema.optional(SessionMessage.fields.timeout_minutes),
  message: Schema.optional(Text(1000)),
})

export const BalanceResponse = Data(Schema.Struct({ balance: Schema.Number, currency: Schema.String }))

/** Legacy template calls: the current user, and a single-use access token for the token-login page. */
export const AuthMeResponse = Data(
  Schema.Struct({
    user: SessionUser,
    user_data: Schema.Struct({ id: Id, client_id: Id }),
    access_token: Schema.String,
    expires_in: Schema.Number,
  }),
)
export const AccessTokenRequest = Schema.Struct({
  access_token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
})
export const AuthUserUpdateRequest = Schema.Struct({
  displayName: Schema.optional(Text(120).check(Schema.isMinLength(1))),
  photoURL: Schema.optional(Text(2048)),
  email: Schema.optional(Email),
  settings: Schema.optional(Schema.Record(Schema.String.check(Schema.isMaxLength(64)), Schema.Unknown).check(Schema.isMaxProperties(100))),
  shortcuts: Schema.optional(Schema.Array(Text(200)).check(Schema.isMaxLength(50))),
  /** Required with a new `email`: the user's current password. */
  current_password: Schema.optional(Schema.String.check(Schema.isMaxLength(200))),
})
export const AuthUserResponse = Data(Schema.Struct({ user: SessionUser }))
