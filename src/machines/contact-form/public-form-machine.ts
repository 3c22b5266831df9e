/**
 * The public information-collection form (/contact-form?token=…, page actor `public-contact-form`, no login): loads
 * the tenant's fields for the link's token, keeps what the visitor types, checks each answer with the shared rule
 * (contract/contact-form-answers.ts) before sending, and submits. A link the server refuses (tampered: 403, turned off:
 * 410) ends in `refused`; a refused submit (400 naming a field, 429 too many tries) returns to `filling` with it.
 *
 *   loading --> filling --SUBMIT (answers fine)--> sending --> sent
 *      \--> refused            ^---------- error ----/
 */
import { assign, setup } from "xstate"
import { type AnswerProblem, answerProblem } from "../../contract/contact-form-answers"
import { type PublicForm, publicFormOf, submitPublicForm } from "../../services/contact-form/public-form"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

const NUMBER = /^\+?[0-9][0-9\s().-]{5,24}$/

export interface PublicFormContext {
  readonly token: string
  readonly form: PublicForm | null
  readonly number: string
  readonly values: Readonly<Record<string, string>>
  /** The first answer to fix, by field key (`number` for the phone). */
  readonly problem: { readonly field: string; readonly kind: AnswerProblem | "phone" } | null
  readonly failure: Failure | null
}

export type PublicFormEvent = { type: "CHANGE"; number?: string; key?: string; value?: string } | { type: "SUBMIT" } | { type: "RETRY" }

/** The first problem of these answers, or null when they can be sent. */
export const formProblemOf = (context: Pick<PublicFormContext, "form" | "number" | "values">): PublicFormContext["problem"] => {
  if (!NUMBER.test(context.number.trim())) return { field: "number", kind: "phone" }
  for (const field of context.form?.fields ?? []) {
    const kind = answerProblem(field, context.values[field.key])
    if (kind) return { field: field.key, kind }
  }
  return null
}

export const publicFormMachine = setup({
  types: {
    context: {} as PublicFormContext,
    events: {} as PublicFormEvent,
    input: {} as { token?: string | null },
    tags: {} as "busy",
  },
  actors: {
    load: fromEffect((token: string) => publicFormOf(token)),
    submit: fromEffect((answers: { token: string; number: string; values: Readonly<Record<string, string>> }) => submitPublicForm(answers)),
  },
  guards: {
    hasProblem: ({ context }) => formProblemOf(context) !== null,
    hasToken: ({ context }) => context.token.length > 0,
  },
}).createMachine({
  id: "public-contact-form",
  context: ({ input }) => ({ token: input?.token ?? "", form: null, number: "", values: {}, problem: null, failure: null }),
  initial: "checking",
  states: {
    checking: {
      always: [
        { guard: "hasToken", target: "loading" },
        { target: "refused", actions: assign({ failure: { status: 403, code: "FORM_LINK_INVALID", message: "" } }) },
      ],
    },
    loading: {
      tags: "busy",
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.token,
        onDone: { target: "filling", actions: assign({ form: ({ event }) => event.output, failure: null }) },
        onError: [
          {
            guard: ({ event }) => [403, 410].includes(failureOf(event.error).status ?? 0),
            target: "refused",
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          { target: "unreachable", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    unreachable: { on: { RETRY: "loading" } },
    refused: {},
    filling: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => ({
            number: event.number ?? context.number,
            values: event.key === undefined ? context.values : { ...context.values, [event.key]: event.value ?? "" },
            problem: null,
            failure: null,
          })),
        },
        SUBMIT: [{ guard: "hasProblem", actions: assign({ problem: ({ context }) => formProblemOf(context) }) }, { target: "sending" }],
      },
    },
    sending: {
      tags: "busy",
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ context }) => ({ token: context.token, number: context.number.trim(), values: context.values }),
        onDone: { target: "sent" },
        onError: [
          {
            guard: ({ event }) => [403, 410].includes(failureOf(event.error).status ?? 0),
            target: "refused",
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          { target: "filling", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    sent: { type: "final" },
  },
})
