/**
 * Assigning a template to agents (page actor `template-assign`): OPEN with a template loads the tenant's users and
 * starts from the agents it is assigned to; TOGGLE picks or drops one; SAVE (at least one picked) assigns them, so
 * only they are offered the template in the chat composer; the list is read again.
 *
 *   closed --OPEN--> loading --> choosing --SAVE--> saving --done--> closed (saved + 1)
 *                        \--error--> choosing (failure)   \--error--> choosing (failure kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { Template } from "../../contract/schemas/templates"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { reloadReport } from "../common/reload-report"

export interface AgentChoice {
  readonly id: number
  readonly name: string
}

export interface TemplateAssignContext {
  readonly template: Template | null
  readonly agents: readonly AgentChoice[]
  readonly picked: readonly number[]
  readonly failure: Failure | null
  readonly saved: number
}

export type TemplateAssignEvent =
  | { type: "OPEN"; template: Template }
  | { type: "TOGGLE"; userId: number }
  | { type: "SAVE" }
  | { type: "CANCEL" }

export const loadAgents = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("users", "fetchListUsers", { page: 1, limit: 200 })
    return body.data.items.map((u) => ({ id: u.id, name: u.display_name || u.username })) as readonly AgentChoice[]
  }),
)

export const saveAssignment = fromEffect((input: { templateId: number; userIds: readonly number[] }) =>
  Effect.gen(function* () {
    const api = yield* Api
    return yield* api.call("templates", "assignTemplateMessage", { template_id: input.templateId, user_ids: [...input.userIds] })
  }),
)

export const templateAssignMachine = setup({
  types: { context: {} as TemplateAssignContext, events: {} as TemplateAssignEvent },
  actors: { loadAgents, saveAssignment },
  guards: { anyPicked: ({ context }) => context.picked.length > 0 },
  actions: { reloadList: reloadReport("report-templates") },
}).createMachine({
  id: "templateAssign",
  context: { template: null, agents: [], picked: [], failure: null, saved: 0 },
  initial: "closed",
  states: {
    closed: {
      on: {
        OPEN: {
          target: "loading",
          actions: assign(({ event }) => ({ template: event.template, picked: event.template.agent_ids ?? [], failure: null })),
        },
      },
    },
    loading: {
      on: { CANCEL: "closed" },
      invoke: {
        id: "loadAgents",
        src: "loadAgents",
        onDone: { target: "choosing", actions: assign({ agents: ({ event }) => event.output }) },
        onError: { target: "choosing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    choosing: {
      on: {
        TOGGLE: {
          actions: assign({
            picked: ({ context, event }) =>
              context.picked.includes(event.userId)
                ? context.picked.filter((id) => id !== event.userId)
                : [...context.picked, event.userId],
            failure: null,
          }),
        },
        SAVE: { guard: "anyPicked", target: "saving" },
        CANCEL: "closed",
      },
    },
    saving: {
      invoke: {
        id: "saveAssignment",
        src: "saveAssignment",
        input: ({ context }) => ({ templateId: context.template?.id ?? 0, userIds: context.picked }),
        onDone: { target: "closed", actions: [assign({ saved: ({ context }) => context.saved + 1, failure: null }), "reloadList"] },
        onError: { target: "choosing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
