/**
 * The individual send (`/templateMessage-individual-user`, page actor `template-send`): the tenant's approved templates
 * are loaded; picking one reads its cost for one message (with the balance after it); a number that looks complete is
 * looked up in the contact book (after LOOKUP_MS of quiet) so a parameter can take one of the contact's attributes;
 * SEND goes only for a draft without a problem and with its cost known; the answer (or the server's refusal: an empty
 * balance, an opted-out number) is kept; NEW starts another with the same template.
 *
 *   loading --> editing{cost: none|costing|priced|failed, contact: idle|waiting|looking} --SEND--> sending --> sent --NEW--> editing
 *          \-> failed --RETRY--> loading                                                      \-(error)-> editing (failure kept)
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { Contact } from "../../contract/schemas/contacts"
import type { Template, TemplateCost, TemplateSent } from "../../contract/schemas/templates"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { blankSend, numberOf, type SendDraft, sendProblemOf, sendRequestOf } from "./template-send-draft"

export const LOOKUP_MS = 400

export interface ContactFound {
  readonly name: string | null
  readonly attributes: Readonly<Record<string, string>>
}

export interface TemplateSendContext {
  readonly templates: readonly Template[]
  readonly draft: SendDraft
  readonly cost: TemplateCost | null
  readonly costFailure: Failure | null
  readonly contact: ContactFound | null
  readonly failure: Failure | null
  readonly sent: TemplateSent | null
}

export type TemplateSendEvent =
  | { type: "PICK"; templateId: number | null }
  | { type: "NUMBER"; value: string }
  | { type: "PARAM"; index: number; value: string }
  | { type: "HEADER"; value: string }
  | { type: "FROM_CONTACT"; index: number; key: string }
  | { type: "SEND" }
  | { type: "NEW" }
  | { type: "RETRY" }

export const templateOf = (context: TemplateSendContext) => context.templates.find((t) => t.id === context.draft.templateId) ?? null

export const loadTemplates = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("templates", "templateMessageFetch", { status: "APPROVED", page: 1, limit: 200 })).data.items
  }),
)

export const loadCost = fromEffect((template: Template) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("templates", "costTemplate", { template_name: template.name, recipients: 1 })).data
  }),
)

const digits = (n: string) => n.replace(/\D/g, "")

export const lookupContact = fromEffect((number: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    const items = (yield* api.call("contacts", "fetchAllContacts", { search: number, page: 1, limit: 5 })).data.items as readonly Contact[]
    const found = items.find((c) => digits(c.number) === digits(number))
    if (!found) return null
    const attributes: Record<string, string> = { ...(found.name ? { name: found.name } : {}) }
    for (const [key, value] of Object.entries(found.attributes ?? {})) if (value !== null) attributes[key] = String(value)
    return { name: found.name, attributes } satisfies ContactFound
  }),
)

export const sendTemplate = fromEffect((input: { draft: SendDraft; template: Template }) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("templates", "sendTemplateMessageText", sendRequestOf(input.draft, input.template))).data
  }),
)

export const templateSendMachine = setup({
  types: { context: {} as TemplateSendContext, events: {} as TemplateSendEvent },
  actors: { loadTemplates, loadCost, lookupContact, sendTemplate },
  guards: {
    sendable: ({ context }) => sendProblemOf(context.draft, templateOf(context)) === null && context.cost !== null,
    picked: ({ context }) => templateOf(context) !== null,
    complete: ({ context }) => numberOf(context.draft.number) !== null,
  },
  actions: {
    pick: assign(({ context, event }) => {
      assertEvent(event, "PICK")
      return {
        draft: { ...context.draft, templateId: event.templateId, params: [], headerValue: "" },
        cost: null,
        costFailure: null,
        failure: null,
      }
    }),
    number: assign(({ context, event }) => {
      assertEvent(event, "NUMBER")
      return { draft: { ...context.draft, number: event.value }, contact: null, failure: null }
    }),
    param: assign(({ context, event }) => {
      assertEvent(event, ["PARAM", "FROM_CONTACT"])
      const value = event.type === "PARAM" ? event.value : (context.contact?.attributes[event.key] ?? "")
      const params = [...context.draft.params]
      while (params.length <= event.index) params.push("")
      params[event.index] = value
      return { draft: { ...context.draft, params }, failure: null }
    }),
    header: assign(({ context, event }) => {
      assertEvent(event, "HEADER")
      return { draft: { ...context.draft, headerValue: event.value }, failure: null }
    }),
  },
  delays: { LOOKUP: LOOKUP_MS },
}).createMachine({
  id: "templateSend",
  context: { templates: [], draft: blankSend, cost: null, costFailure: null, contact: null, failure: null, sent: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadTemplates",
        src: "loadTemplates",
        onDone: { target: "editing", actions: assign({ templates: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: "loading" } },
    editing: {
      type: "parallel",
      on: {
        PARAM: { actions: "param" },
        FROM_CONTACT: { actions: "param" },
        HEADER: { actions: "header" },
        SEND: { guard: "sendable", target: "sending" },
      },
      states: {
        cost: {
          initial: "choosing",
          on: {
            PICK: [
              { guard: ({ event }) => event.templateId !== null, target: ".costing", actions: "pick" },
              { target: ".choosing", actions: "pick" },
            ],
          },
          states: {
            choosing: { always: { guard: "picked", target: "costing" } },
            costing: {
              invoke: {
                id: "loadCost",
                src: "loadCost",
                input: ({ context }) => templateOf(context) as Template,
                onDone: { target: "priced", actions: assign({ cost: ({ event }) => event.output, costFailure: null }) },
                onError: { target: "failed", actions: assign({ costFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
            priced: {},
            failed: {},
          },
        },
        contact: {
          initial: "idle",
          on: { NUMBER: { target: ".waiting", actions: "number" } },
          states: {
            idle: {},
            waiting: { after: { LOOKUP: [{ guard: "complete", target: "looking" }, { target: "idle" }] } },
            looking: {
              invoke: {
                id: "lookupContact",
                src: "lookupContact",
                input: ({ context }) => numberOf(context.draft.number) ?? context.draft.number,
                onDone: { target: "idle", actions: assign({ contact: ({ event }) => event.output }) },
                // A failed lookup only means nothing to fill from: the parameters are typed by hand.
                onError: { target: "idle" },
              },
            },
          },
        },
      },
    },
    sending: {
      invoke: {
        id: "sendTemplate",
        src: "sendTemplate",
        input: ({ context }) => ({ draft: context.draft, template: templateOf(context) as Template }),
        onDone: { target: "sent", actions: assign({ sent: ({ event }) => event.output, failure: null }) },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    sent: {
      on: {
        NEW: {
          target: "editing",
          actions: assign(({ context }) => ({
            draft: { ...blankSend, templateId: context.draft.templateId },
            sent: null,
            contact: null,
            failure: null,
          })),
        },
      },
    },
  },
})
