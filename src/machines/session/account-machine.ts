/**
 * The logged-out account pages (systemId `account`): forgot password sends the reset mail
 * (`/backend/send/email`), the mail-confirm page shows where it went, reset password sets a new password with
 * the single-use token of the mailed link (`/backend/password/reset`).
 */
import { assign, fromPromise, setup } from "xstate"

export interface AccountContext {
  readonly email: string | null
  /** The server's words when a request failed. */
  readonly error: string | null
  readonly problem: AccountProblem | null
}

/** i18n keys (under `account.`) of problems found before asking the server. */
export type AccountProblem = "emailRequired" | "passwordTooShort" | "passwordsDiffer" | "tokenMissing" | "requestFailed"

export type AccountEvent =
  | { type: "FORGOT"; email: string }
  | { type: "RESET"; token: string | null; password: string; confirm: string }
  | { type: "ACCOUNT.CLEAR" }

export const MIN_PASSWORD = 8
const notProvided = (name: string) => () => Promise.reject(new Error(`account actor ${name} is not provided`))
const errorText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === "object" && error !== null && "message" in error ? String(error.message) : null

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent },
  actors: {
    sendResetMail: fromPromise<void, { email: string }>(notProvided("sendResetMail")),
    resetPassword: fromPromise<void, { token: string; password: string }>(notProvided("resetPassword")),
  },
  guards: {
    emailMissing: ({ event }) => event.type === "FORGOT" && event.email.trim() === "",
    tokenMissing: ({ event }) => event.type === "RESET" && !event.token,
    passwordTooShort: ({ event }) => event.type === "RESET" && event.password.length < MIN_PASSWORD,
    passwordsDiffer: ({ event }) => event.type === "RESET" && event.password !== event.confirm,
  },
  actions: {
    problem: assign((_, problem: AccountProblem) => ({ problem, error: null })),
    rememberEmail: assign(({ event }) => (event.type === "FORGOT" ? { email: event.email.trim(), problem: null, error: null } : {})),
    failed: assign(({ event }) => ({
      problem: "requestFailed" as const,
      error: errorText((event as { error?: unknown }).error),
    })),
    clear: assign({ email: null, error: null, problem: null }),
  },
}).createMachine({
  id: "account",
  context: { email: null, error: null, problem: null },
  initial: "idle",
  on: { "ACCOUNT.CLEAR": { target: ".idle", actions: "clear" } },
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
          { target: "resetting", actions: { type: "problem", params: null as unknown as AccountProblem } },
        ],
      },
    },
    sendingMail: {
      invoke: {
        src: "sendResetMail",
        input: ({ context }) => ({ email: context.email ?? "" }),
        onDone: { target: "mailSent" },
        onError: { target: "idle", actions: "failed" },
      },
    },
    /** The mail-confirm page reads `email` from here. */
    mailSent: { on: { FORGOT: { target: "sendingMail", actions: "rememberEmail" } } },
    resetting: {
      invoke: {
        src: "resetPassword",
        input: ({ event }) =>
          event.type === "RESET" ? { token: event.token ?? "", password: event.password } : { token: "", password: "" },
        onDone: { target: "passwordChanged" },
        onError: { target: "idle", actions: "failed" },
      },
    },
    passwordChanged: {},
  },
})
