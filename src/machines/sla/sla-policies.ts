/**
 * The SLA policies screen (page actor `sla-policies`): the tenant's policies, one draft at a time in the editor, saved
 * or deleted through the server (which checks the rule: at least one target, the segment the tenant's own). The
 * editor picks a segment from the tenant's segments (the list the contacts screens read); a user who may not list
 * segments (no `tagging`) gets none to pick, and a policy's segment they cannot see shows by its id.
 *
 *   EDIT / CHANGE / CANCEL: the draft, in any state
 *   loading --done--> ready (draft) --SAVE--> saving --done--> loading
 *           --error--> failed --RETRY--> loading           --error--> ready (failure kept on the draft)
 *   ready --DELETE--> deleting --done/error--> loading
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { SlaPolicy, SlaPolicyInput } from "../../contract/groups/sla"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { type Choice, namesOf, PICK } from "../report-kit/picker-list"

/** A new policy's fields: every conversation, a one-hour first response, breaches notify. */
export const NEW_POLICY: SlaPolicyInput = {
  name: "",
  priority: null,
  channel: null,
  segment_id: null,
  first_response_seconds: 3600,
  next_response_seconds: null,
  resolution_seconds: null,
  near_percent: 80,
  near_actions: [],
  breach_actions: ["notify"],
  enabled: true,
}

export interface Draft extends SlaPolicyInput {
  /** null: a new policy. */
  readonly id: number | null
}

export interface PoliciesContext {
  readonly policies: readonly SlaPolicy[]
  readonly segments: readonly Choice[]
  readonly draft: Draft | null
  readonly failure: Failure | null
  readonly saveFailure: Failure | null
}

export type PoliciesEvent =
  | { type: "EDIT"; id: number | null }
  | { type: "CHANGE"; patch: Partial<SlaPolicyInput> }
  | { type: "CANCEL" }
  | { type: "SAVE" }
  | { type: "DELETE"; id: number }
  | { type: "RETRY" }

export interface Listed {
  readonly policies: readonly SlaPolicy[]
  readonly segments: readonly Choice[]
}

const fieldsOf = ({ id: _, created_at: __, ...fields }: SlaPolicy): SlaPolicyInput => fields

export const slaPoliciesMachine = setup({
  types: { context: {} as PoliciesContext, events: {} as PoliciesEvent },
  actors: {
    list: fromEffect<Listed, void>(() =>
      Effect.gen(function* () {
        const api = yield* Api
        const [policies, segments] = yield* Effect.all(
          [
            Effect.map(api.call("sla", "slaPolicies", {}), (body) => body.data),
            api.call("tagging", "segments", PICK).pipe(
              Effect.map(namesOf),
              Effect.catch(() => Effect.succeed([] as readonly Choice[])),
            ),
          ],
          { concurrency: 2 },
        )
        return { policies, segments }
      }),
    ),
    save: fromEffect<unknown, Draft>(({ id, ...fields }) =>
      Effect.flatMap(Api, (api) =>
        id === null ? api.call("sla", "slaPolicyCreate", fields) : api.call("sla", "slaPolicyUpdate", { id, ...fields }),
      ),
    ),
    remove: fromEffect<unknown, number>((id) => Effect.flatMap(Api, (api) => api.call("sla", "slaPolicyDelete", { id }))),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, "EDIT")
      const policy = context.policies.find((p) => p.id === event.id)
      return { draft: policy ? { id: policy.id, ...fieldsOf(policy) } : { id: null, ...NEW_POLICY }, saveFailure: null }
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, "CHANGE")
      return { draft: context.draft ? { ...context.draft, ...event.patch } : null }
    }),
  },
  guards: {
    hasDraft: ({ context }) => context.draft !== null,
  },
}).createMachine({
  id: "sla-policies",
  context: { policies: [], segments: [], draft: null, failure: null, saveFailure: null },
  // The editor opens whatever the list is doing (a click before the list has loaded still opens it).
  on: {
    EDIT: { actions: "edit" },
    CHANGE: { actions: "change" },
    CANCEL: { actions: assign({ draft: null, saveFailure: null }) },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "list",
        src: "list",
        onDone: {
          target: "ready",
          actions: assign({
            policies: ({ event }) => event.output.policies,
            segments: ({ event }) => event.output.segments,
            failure: null,
          }),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      on: {
        SAVE: { guard: "hasDraft", target: "saving" },
        DELETE: "deleting",
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => context.draft!,
        onDone: { target: "loading", actions: assign({ draft: null, saveFailure: null }) },
        onError: { target: "ready", actions: assign({ saveFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
    deleting: {
      invoke: {
        id: "remove",
        src: "remove",
        input: ({ event }) => {
          assertEvent(event, "DELETE")
          return event.id
        },
        onDone: "loading",
        onError: { target: "loading", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
