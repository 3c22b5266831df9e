/**
 * A group's members (page actor `agent-group-members`, the members dialog of the managers' tab): who is in, with the
 * colleagues who could join, and adding or removing one at a time. Every change is one call; the list of groups is
 * reloaded after it (members count).
 *
 *   loading --done--> ready --ADD / REMOVE--> changing --done--> loading; error --> ready (failure kept)
 *           --error--> failed --RETRY--> loading
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { Colleague, GroupMember } from "../../contract/schemas/agent-groups"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { reloadReport } from "../common/reload-report"

export interface GroupMembersInput {
  readonly groupId: number
}

export interface GroupMembersContext {
  readonly groupId: number
  readonly name: string
  readonly members: readonly GroupMember[]
  /** Team-chat users of the tenant not in the group (the caller excluded: they are in the list of colleagues of no one). */
  readonly candidates: readonly Colleague[]
  readonly failure: Failure | null
}

export type GroupMembersEvent = { type: "ADD"; userId: number } | { type: "REMOVE"; userId: number } | { type: "RETRY" }

type Change = { readonly groupId: number; readonly kind: "add" | "remove"; readonly userId: number }

export const groupMembersMachine = setup({
  types: { context: {} as GroupMembersContext, events: {} as GroupMembersEvent, input: {} as GroupMembersInput },
  actors: {
    load: fromEffect((groupId: number) =>
      Effect.gen(function* () {
        const api = yield* Api
        const [detail, users] = yield* Effect.all([
          api.call("agentGroups", "groupsInfoById", { id: groupId }),
          api.call("agentGroups", "userList", {}),
        ])
        const inGroup = new Set(detail.data.members.map((m) => m.id))
        return { name: detail.data.name, members: detail.data.members, candidates: users.data.filter((u) => !inGroup.has(u.id)) }
      }),
    ),
    change: fromEffect((input: Change) =>
      Effect.gen(function* () {
        const api = yield* Api
        const payload = { group_id: input.groupId, user_ids: [input.userId] }
        return input.kind === "add"
          ? yield* api.call("agentGroups", "addMember", payload)
          : yield* api.call("agentGroups", "membersRemove", payload)
      }),
    ),
  },
  actions: {
    reloadList: reloadReport("report-agent-groups"),
  },
}).createMachine({
  id: "agent-group-members",
  context: ({ input }) => ({ groupId: input.groupId, name: "", members: [], candidates: [], failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.groupId,
        onDone: {
          target: "ready",
          actions: assign({
            name: ({ event }) => event.output.name,
            members: ({ event }) => event.output.members,
            candidates: ({ event }) => event.output.candidates,
          }),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: {
      on: {
        ADD: { target: "changing", actions: assign({ failure: null }) },
        REMOVE: { target: "changing", actions: assign({ failure: null }) },
      },
    },
    changing: {
      invoke: {
        id: "change",
        src: "change",
        input: ({ context, event }) => {
          assertEvent(event, ["ADD", "REMOVE"])
          return { groupId: context.groupId, kind: event.type === "ADD" ? "add" : "remove", userId: event.userId }
        },
        onDone: { target: "loading", actions: "reloadList" },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: { target: "loading", actions: assign({ failure: null }) } } },
  },
})
