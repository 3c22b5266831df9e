/**
 * The one-time-code login (page actor `otp-login`, route `/login/otp`): ask for a code by username, type it, and on
 * the right one hand the session body to the session actor (`ADOPT_LOGIN`), which stores it as a password login would.
 * A refusal is kept as its server code (`OTP_WRONG_CODE`, `OTP_DEAD`, `OTP_COOLDOWN`, ...) so the view words it in the
 * user's language; a wrong code counts the tries down from what the send said.
 *
 *   asking --SEND--> sending --> entering --VERIFY--> verifying --> done (session takes over)
 *     ^  \-(refused)-/             |  ^ \--RESEND--> sending        \-(wrong)-> entering (a try fewer)
 *     +------------BACK------------+  +----------------------------- (dead, expired, used) -> spent --RESEND/BACK
 */
import { Effect } from "effect"
import { assign, enqueueActions, setup } from "xstate"
import type { OtpSent, OtpVerified } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import type { LoginResult } from "../session/session-types"
import { systemActor } from "../system-ids"

export interface OtpLoginContext {
  readonly username: string
  readonly code: string
  readonly sent: OtpSent | null
  readonly triesLeft: number
  readonly failure: Failure | null
}

export type OtpLoginEvent =
  | { type: "USERNAME"; value: string }
  | { type: "CODE"; value: string }
  | { type: "SEND" }
  | { type: "RESEND" }
  | { type: "VERIFY" }
  | { type: "BACK" }

export const sendOtp = fromEffect((input: { username: string }) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("otp", "authSendOtp", { username: input.username })).data
  }),
)

export const verifyOtp = fromEffect((input: { otpKey: string; code: string }) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("otp", "authVerifyOtp", { otp_key: input.otpKey, otp_code: input.code })).data
  }),
)

/** Refusals after which this code can never verify: only a new code helps. */
const SPENT = new Set(["OTP_DEAD", "OTP_EXPIRED", "OTP_USED", "OTP_UNKNOWN_CODE"])
export const CODE_PATTERN = /^[0-9]{4,8}$/

export const otpLoginMachine = setup({
  types: { context: {} as OtpLoginContext, events: {} as OtpLoginEvent },
  actors: { sendOtp, verifyOtp },
  guards: {
    hasUsername: ({ context }) => context.username.trim().length > 0,
    codeShaped: ({ context }) => CODE_PATTERN.test(context.code),
    spent: (_, params: { error: unknown }) => SPENT.has(failureOf(params.error).code),
    loggedIn: (_, params: { output: OtpVerified }) => params.output.login !== undefined,
  },
  actions: {
    fail: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clear: assign({ failure: null }),
  },
}).createMachine({
  id: "otpLogin",
  context: { username: "", code: "", sent: null, triesLeft: 0, failure: null },
  initial: "asking",
  states: {
    asking: {
      on: {
        USERNAME: { actions: assign({ username: ({ event }) => event.value, failure: null }) },
        SEND: { guard: "hasUsername", target: "sending", actions: "clear" },
      },
    },
    sending: {
      invoke: {
        id: "sendOtp",
        src: "sendOtp",
        input: ({ context }) => ({ username: context.username.trim() }),
        onDone: {
          target: "entering",
          actions: assign(({ event }) => ({ sent: event.output, triesLeft: event.output.tries, code: "", failure: null })),
        },
        onError: [
          // A refused resend keeps the code already sent.
          { guard: ({ context }) => context.sent !== null, target: "entering", actions: { type: "fail", params: ({ event }) => event } },
          { target: "asking", actions: { type: "fail", params: ({ event }) => event } },
        ],
      },
    },
    entering: {
      on: {
        CODE: { actions: assign({ code: ({ event }) => event.value.replace(/\D/g, "").slice(0, 8) }) },
        VERIFY: { guard: "codeShaped", target: "verifying", actions: "clear" },
        RESEND: { target: "sending", actions: "clear" },
        BACK: { target: "asking", actions: assign({ sent: null, code: "", failure: null }) },
      },
    },
    verifying: {
      invoke: {
        id: "verifyOtp",
        src: "verifyOtp",
        input: ({ context }) => ({ otpKey: context.sent?.otp_key ?? "", code: context.code }),
        onDone: [
          {
            guard: { type: "loggedIn", params: ({ event }) => ({ output: event.output }) },
            target: "done",
            actions: enqueueActions(({ enqueue, event, system }) => {
              const session = systemActor(system, "session")
              const adopt: { type: "ADOPT_LOGIN"; result: LoginResult } = {
                type: "ADOPT_LOGIN",
                result: event.output.login as unknown as LoginResult,
              }
              if (session) enqueue.sendTo(session, adopt)
            }),
          },
          {
            target: "spent",
            actions: assign({ failure: { status: null, code: "OTP_NO_LOGIN", message: "" } }),
          },
        ],
        onError: [
          {
            guard: { type: "spent", params: ({ event }) => ({ error: event.error }) },
            target: "spent",
            actions: { type: "fail", params: ({ event }) => event },
          },
          {
            target: "entering",
            actions: [
              { type: "fail", params: ({ event }) => event },
              assign(({ context, event }) => ({
                code: "",
                triesLeft: failureOf(event.error).code === "OTP_WRONG_CODE" ? Math.max(0, context.triesLeft - 1) : context.triesLeft,
              })),
            ],
          },
        ],
      },
    },
    spent: {
      on: {
        RESEND: { target: "sending", actions: "clear" },
        BACK: { target: "asking", actions: assign({ sent: null, code: "", failure: null }) },
      },
    },
    done: { type: "final" },
  },
})

export type OtpLoginActor = import("xstate").ActorRefFrom<typeof otpLoginMachine>
