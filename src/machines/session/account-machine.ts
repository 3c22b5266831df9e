/**
 * The logged-out account pages (systemId `account`): forgot password sends the reset mail
 * (`/backend/send/email`), the mail-confirm page shows where it went, reset password sets a new password with
 * the single-use token of the mailed link (`/backend/password/reset`).
 */
import { assertEvent, assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "../common/failure"

export interface AccountContext {
  readonly email: string | null
  /** Why the server refused the last request (shown under the `requestFailed` problem). */
  readonly failure: Failure | null
  readonly problem: AccountProblem | null
}

/** i18n keys (under `account.`) of problems found before asking the server. */
export type AccountProblem = "emailRequired" | "passwordTooShort" | "passwordsDiffer" | "tokenMissing" | "requestFailed"

export type AccountEvent =
  | { type: "FORGOT"; email: string }
  | { type: "RESET"; token: string | null; password: string; confirm: string }
  | { type: "ACCOUNT.CLEAR" }

/** `busy`: a request is out; `mailSent` and `passwordChanged`: the page shows its result. */
export type AccountTag = "busy" | "mailSent" | "passwordChanged"

export const MIN_PASSWORD = 8
const notProvided = (name: string) => () => Promise.reject(new Error(`account actor ${name} is not provided`))

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent, tags: {} as AccountTag },
  actors: {
    sendResetMail: fromPromise<void, { email: string }>(notProvided("sendResetMail")),
    resetPassword: fromPromise<void, { token: string; password: string }>(notProvided("resetPassword")),
  },
  guards: {
    emailMissing: ({ event }) => {
      assertEvent(event, "FORGOT")
      return event.email.trim() === ""
    },
    tokenMissing: ({ event }) => {
      assertEvent(event, "RESET")
      return !event.token
    },
    passwordTooShort: ({ event }) => {
      assertEvent(event, "RESET")
      return event.password.length < MIN_PASSWORD
    },
    passwordsDiffer: ({ event }) => {
      assertEvent(event, "RESET")
      return event.password !== event.confirm
    },
  },
  actions: {
    problem: assign((_, problem: AccountProblem) => ({ problem, failure: null })),
    clear: assign({ problem: null, failure: null }),
    rememberEmail: assign(({ event }) => {
      assertEvent(event, "FORGOT")
      return { email: event.email.trim(), problem: null, failure: null }
    }),
    failed: assign((_, { error }: { error: unknown }) => ({ problem: "requestFailed" as const, failure: failureOf(error) })),
    forget: assign({ email: null, failure: null, problem: null }),
  },
}).createMachine({
  id: "account",
  context: { email: null, failure: null, problem: null },
  initial: "idle",
  on: { "ACCOUNT.CLEAR": { target: ".idle", actions: "forget" } },
  states: {
    idle: {
      on: {
        FORGOT: [
          { guard: "emailMissing", actions: { type: "problem", params: "emailRequired" } },
          { target: "sendingMail", actions: "rememberEmail" },
        ],
        RESET: [
          { guard: "tokenMissing", actions: { type: "problem", params: "tokenMissing" } },
          { guard: "passwordTooShort", actions: { type: "problem", params: "passwordTooShort" } },
          { guard: "passwordsDiffer", actions: { type: "problem", params: "passwordsDiffer" } },
          { target: "resetting", actions: "clear" },
        ],
      },
    },
    sendingMail: {
      tags: ["busy"],
      invoke: {
        id: "sendResetMail",
        src: "sendResetMail",
        input: ({ context }) => ({ email: context.email ?? "" }),
        onDone: { target: "mailSent" },
        onError: { target: "idle", actions: { type: "failed", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The mail-confirm page reads `email` from here. */
    mailSent: { tags: ["mailSent"], on: { FORGOT: { target: "sendingMail", actions: "rememberEmail" } } },
    resetting: {
      tags: ["busy"],
      invoke: {
        id: "resetPassword",
        src: "resetPassword",
        input: ({ event }) => {
          assertEvent(event, "RESET")
          return { token: event.token ?? "", password: event.password }
        },
        onDone: { target: "passwordChanged" },
        onError: { target: "idle", actions: { type: "failed", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    passwordChanged: { tags: ["passwordChanged"] },
  },
})
