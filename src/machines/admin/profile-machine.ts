/**
 * The own profile (page actor `profile`, /apps/profile): reads who is signed in (`auth.auth`), saves their name and
 * e-mail (a new e-mail needs the current password; the server tells the old address), and changes their password with
 * the current one (`users.usersUpdateOwnById`, which any signed-in user may
 * call for themselves). A wrong current password is the server's 400 on `current_password`, kept as the failure for
 * the field. The server ends the user's other sessions on a new password and keeps this one. Language and theme are
 * not here: they are the console's own settings (i18next and the layout actor), which the view reuses.
 *
 *   loading --done--> ready (details: idle <-> saving; password: idle <-> changing), --error--> failed --RETRY--> loading
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { PASSWORD_MIN } from "./user-editor"

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export interface Me {
  readonly id: number
  readonly role: string
  readonly display_name: string
  readonly email: string
}

export interface DetailsDraft {
  readonly display_name: string
  readonly email: string
  /** Asked only when the e-mail changes. */
  readonly current_password: string
}

/** True when the draft moves the account to another e-mail address (the current password confirms it). */
export const emailChanges = (draft: Pick<DetailsDraft, "email">, me: Me | null) =>
  me !== null && draft.email.trim().toLowerCase() !== me.email.trim().toLowerCase()

export interface PasswordDraft {
  readonly current: string
  readonly next: string
  readonly repeat: string
}

export type ProfileProblem = "nameRequired" | "emailInvalid" | "noChange" | "currentRequired" | "passwordTooShort" | "passwordsDiffer"

export const detailsProblemOf = (draft: DetailsDraft, me: Me | null): ProfileProblem | null => {
  if (!draft.display_name.trim()) return "nameRequired"
  if (!EMAIL.test(draft.email.trim())) return "emailInvalid"
  if (me && draft.display_name.trim() === me.display_name && draft.email.trim() === me.email) return "noChange"
  if (emailChanges(draft, me) && !draft.current_password) return "currentRequired"
  return null
}

export const passwordProblemOf = (draft: PasswordDraft): ProfileProblem | null => {
  if (!draft.current) return "currentRequired"
  if (draft.next.length < PASSWORD_MIN) return "passwordTooShort"
  if (draft.next !== draft.repeat) return "passwordsDiffer"
  return null
}

const BLANK_PASSWORD: PasswordDraft = { current: "", next: "", repeat: "" }

export interface ProfileContext {
  readonly me: Me | null
  readonly loadFailure: Failure | null
  readonly details: DetailsDraft
  readonly detailsProblem: ProfileProblem | null
  readonly detailsFailure: Failure | null
  /** Counts saved details and changed passwords: the view says so when they grow. */
  readonly detailsSaved: number
  readonly password: PasswordDraft
  readonly passwordProblem: ProfileProblem | null
  readonly passwordFailure: Failure | null
  readonly passwordChanged: number
}

export type ProfileEvent =
  | { type: "RETRY" }
  | { type: "DETAILS.CHANGE"; patch: Partial<DetailsDraft> }
  | { type: "DETAILS.SAVE" }
  | { type: "PASSWORD.CHANGE"; patch: Partial<PasswordDraft> }
  | { type: "PASSWORD.SAVE" }

const meOf = (body: {
  data: { user: { role: readonly string[]; data: { displayName: string; email: string } }; user_data: { id: number } }
}): Me => ({
  id: body.data.user_data.id,
  role: body.data.user.role[0] ?? "",
  display_name: body.data.user.data.displayName,
  email: body.data.user.data.email,
})

export const profileMachine = setup({
  types: { context: {} as ProfileContext, events: {} as ProfileEvent },
  actors: {
    load: fromEffect<Me>(() => Effect.flatMap(Api, (api) => api.call("auth", "auth", {})).pipe(Effect.map(meOf))),
    saveDetails: fromEffect<Me, { readonly me: Me; readonly draft: DetailsDraft }>(({ me, draft }) =>
      Effect.flatMap(Api, (api) =>
        api.call("users", "usersUpdateOwnById", {
          id: me.id,
          display_name: draft.display_name.trim(),
          email: draft.email.trim(),
          ...(emailChanges(draft, me) ? { current_password: draft.current_password } : {}),
        }),
      ).pipe(Effect.map((body) => ({ ...me, display_name: body.data.user.display_name, email: body.data.user.email }))),
    ),
    changePassword: fromEffect<unknown, { readonly me: Me; readonly draft: PasswordDraft }>(({ me, draft }) =>
      Effect.flatMap(Api, (api) =>
        api.call("users", "usersUpdateOwnById", { id: me.id, password: draft.next, current_password: draft.current }),
      ),
    ),
  },
  guards: {
    detailsBad: ({ context }) => detailsProblemOf(context.details, context.me) !== null,
    passwordBad: ({ context }) => passwordProblemOf(context.password) !== null,
  },
}).createMachine({
  id: "profile",
  context: {
    me: null,
    loadFailure: null,
    details: { display_name: "", email: "", current_password: "" },
    detailsProblem: null,
    detailsFailure: null,
    detailsSaved: 0,
    password: BLANK_PASSWORD,
    passwordProblem: null,
    passwordFailure: null,
    passwordChanged: 0,
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: {
          target: "ready",
          actions: assign(({ event }) => ({
            me: event.output,
            details: { display_name: event.output.display_name, email: event.output.email, current_password: "" },
            loadFailure: null,
          })),
        },
        onError: { target: "failed", actions: assign({ loadFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      type: "parallel",
      states: {
        details: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "DETAILS.CHANGE": {
                  actions: assign({
                    details: ({ context, event }) => ({ ...context.details, ...event.patch }),
                    detailsProblem: null,
                    detailsFailure: null,
                  }),
                },
                "DETAILS.SAVE": [
                  {
                    guard: "detailsBad",
                    actions: assign({ detailsProblem: ({ context }) => detailsProblemOf(context.details, context.me) }),
                  },
                  { target: "saving" },
                ],
              },
            },
            saving: {
              tags: "savingDetails",
              invoke: {
                id: "saveDetails",
                src: "saveDetails",
                input: ({ context }) => ({ me: context.me as Me, draft: context.details }),
                onDone: {
                  target: "idle",
                  actions: assign(({ context, event }) => ({
                    me: event.output,
                    details: { display_name: event.output.display_name, email: event.output.email, current_password: "" },
                    detailsSaved: context.detailsSaved + 1,
                  })),
                },
                onError: { target: "idle", actions: assign({ detailsFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
          },
        },
        password: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "PASSWORD.CHANGE": {
                  actions: assign({
                    password: ({ context, event }) => ({ ...context.password, ...event.patch }),
                    passwordProblem: null,
                    passwordFailure: null,
                  }),
                },
                "PASSWORD.SAVE": [
                  { guard: "passwordBad", actions: assign({ passwordProblem: ({ context }) => passwordProblemOf(context.password) }) },
                  { target: "changing" },
                ],
              },
            },
            changing: {
              tags: "changingPassword",
              invoke: {
                id: "changePassword",
                src: "changePassword",
                input: ({ context }) => ({ me: context.me as Me, draft: context.password }),
                onDone: {
                  target: "idle",
                  actions: assign(({ context }) => ({ password: BLANK_PASSWORD, passwordChanged: context.passwordChanged + 1 })),
                },
                onError: { target: "idle", actions: assign({ passwordFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
})
