/**
 * The customer panel beside a conversation (systemId-less child of the inbox, one per selected customer number):
 * the profile (contacts.fetchCustomerProfile), an edit mode over name, e-mail and attributes, and the save
 * (contacts.updateCustomerAttributes, then the profile is read again).
 */
import { assign, setup } from "xstate"
import type { CustomerProfile } from "../../contract/schemas/contacts"
import { loadProfile, saveProfile, type ProfileEdit } from "./chat-actors"
import { toChatError, type ChatError } from "./chat-logic"

export interface CustomerContext {
  readonly number: string
  readonly profile: CustomerProfile | null
  readonly error: ChatError | null
  readonly saveError: ChatError | null
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

export const customerMachine = setup({
  types: { context: {} as CustomerContext, events: {} as CustomerEvent, input: {} as { number: string } },
  actors: { loadProfile, saveProfile },
  guards: { hasDraft: ({ context }) => context.draft !== null },
  actions: {
    store: assign({ profile: ({ event }) => (event as unknown as { output: CustomerProfile }).output, error: null }),
    fail: assign({ error: ({ event }) => toChatError((event as unknown as { error: unknown }).error) }),
    edit: assign({
      draft: ({ context }) => (context.profile ? draftOf(context.profile) : { name: "", email: "", attributes: {} }),
      saveError: null,
    }),
    change: assign({ draft: ({ context, event }) => (event.type === "CHANGE" ? event.draft : context.draft) }),
    cancel: assign({ draft: null, saveError: null }),
    saved: assign(({ context, event }) => ({
      profile: (event as unknown as { output: CustomerProfile }).output,
      draft: null,
      saveError: null,
      saved: context.saved + 1,
    })),
    saveFailed: assign({ saveError: ({ event }) => toChatError((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: "customer",
  context: ({ input }) => ({
    number: input.number,
    profile: null,
    error: null,
    saveError: null,
    draft: null,
    saved: 0,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "profile",
        src: "loadProfile",
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: "viewing", actions: "store" },
        onError: { target: "failed", actions: "fail" },
      },
    },
    failed: { on: { RELOAD: "loading" } },
    viewing: { on: { EDIT: { target: "editing", actions: "edit" }, RELOAD: "loading" } },
    editing: {
      on: {
        CHANGE: { actions: "change" },
        CANCEL: { target: "viewing", actions: "cancel" },
        SAVE: { guard: "hasDraft", target: "saving" },
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "saveProfile",
        input: ({ context }) => ({
          number: context.number,
          edit: context.draft!,
          before: (context.profile?.attributes ?? {}) as Record<string, unknown>,
        }),
        onDone: { target: "viewing", actions: "saved" },
        onError: { target: "editing", actions: "saveFailed" },
      },
    },
  },
})
