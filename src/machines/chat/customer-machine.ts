/**
 * The customer panel beside a conversation (systemId-less child of the inbox, one per selected customer number):
 * the profile (contacts.fetchCustomerProfile), an edit mode over name, e-mail and attributes, and the save
 * (contacts.updateCustomerAttributes, then the profile is read again). Made from the detail loader
 * (common/detail-machine.ts), keyed by its input, with the editing on top.
 *
 *   loading --> ready --EDIT--> editing --SAVE--> saving --done--> ready
 *          \--> failed (RETRY)       ^--CANCEL-/      \--error--> editing      (RELOAD from ready or closed)
 */
import { assign } from "xstate"
import type { CustomerProfile } from "../../contract/schemas/contacts"
import { detailMachine } from "../common/detail-machine"
import { type Failure, failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { loadProfile, saveProfile, type ProfileEdit } from "./chat-actors"

export interface CustomerContext {
  readonly number: string
  readonly profile: CustomerProfile | null
  readonly failure: Failure | null
  readonly saveFailure: Failure | null
  readonly draft: ProfileEdit | null
  readonly saved: number
}

export type CustomerEvent =
  | { type: "EDIT" }
  | { type: "CHANGE"; draft: ProfileEdit }
  | { type: "SAVE" }
  | { type: "CANCEL" }
  | { type: "RELOAD" }

const asText = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value))

export const draftOf = (p: CustomerProfile): ProfileEdit => ({
  name: p.name ?? "",
  email: p.email ?? "",
  attributes: Object.fromEntries(Object.entries(p.attributes ?? {}).map(([k, v]) => [k, asText(v)])),
})

const detail = detailMachine({
  types: {
    context: {} as CustomerContext,
    events: {} as CustomerEvent,
    input: {} as { number: string },
    tags: {} as "editing" | "saving",
  },
  load: loadProfile,
  actors: { save: saveProfile },
  loadInput: (context) => ({ number: context.number }),
  stored: (context, profile) => ({ ...context, profile }),
  closed: (context) => ({ ...context, profile: null, failure: null, saveFailure: null, draft: null }),
})

export const customerMachine = detail.kit
  .extend({
    guards: { hasDraft: ({ context }) => context.draft !== null },
    actions: {
      edit: assign({
        draft: ({ context }) => (context.profile ? draftOf(context.profile) : { name: "", email: "", attributes: {} }),
        saveFailure: null,
      }),
      change: assign((_, draft: ProfileEdit) => ({ draft })),
      cancel: assign({ draft: null, saveFailure: null }),
      saved: assign(({ context }, profile: CustomerProfile) => ({ profile, draft: null, saveFailure: null, saved: context.saved + 1 })),
      saveFailed: assign((_, error: unknown) => ({ saveFailure: failureOf(error) })),
    },
  })
  .createMachine({
    id: "customer",
    context: ({ input }) => ({ number: input.number, profile: null, failure: null, saveFailure: null, draft: null, saved: 0 }),
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      closed: { ...detail.states.closed, on: { RELOAD: "loading" } },
      ready: { ...detail.states.ready, on: { EDIT: { target: "editing", actions: "edit" }, RELOAD: "loading" } },
      editing: {
        tags: "editing",
        on: {
          CHANGE: { actions: { type: "change", params: ({ event }) => event.draft } },
          CANCEL: { target: "ready", actions: "cancel" },
          SAVE: { guard: "hasDraft", target: "saving" },
        },
      },
      saving: {
        tags: ["editing", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => ({
            number: context.number,
            edit: context.draft!,
            before: (context.profile?.attributes ?? {}) as Record<string, unknown>,
          }),
          onDone: { target: "ready", actions: { type: "saved", params: outputOf } },
          onError: { target: "editing", actions: { type: "saveFailed", params: errorOf } },
        },
      },
    },
  })
