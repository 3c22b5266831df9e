/**
 * Team chat (page actor `team-chat`, running while the logged-in frame shows the team-chat button): the agent's groups
 * and colleagues with unread counts, one open thread (a group or a colleague) with its history paged back, the composer,
 * and live arrivals over the shared socket (`team` channel).
 *
 *   lists:    loading --done--> ready --team:groups / socket back / RETRY--> loading (old lists stay); error --> failed
 *   thread:   none --SELECT--> loading --done--> ready --OLDER (more)--> older --done--> ready; error --> failed
 *             (BACK closes the thread; SHOW re-reads an open thread, so what came while hidden is read and counted read)
 *   composer: idle --SEND (open thread, text)--> sending --done--> idle (draft cleared); error --> idle (draft kept)
 *   marking:  idle --MARK--> marking --done/error--> idle   (a live line in the open, visible thread moves the read mark)
 *
 * A live message for the open thread while the drawer shows it is appended; any other message from someone else adds
 * one to its group's or colleague's unread count.
 */
import { Effect } from "effect"
import { assertEvent, assign, raise, setup } from "xstate"
import type { Colleague, MyAgentGroup } from "../../contract/schemas/agent-groups"
import { TEAM_PAGE_SIZE } from "../../contract/agent-groups-events"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { fromRealtime, type RealtimeEvent } from "../common/realtime-actor"
import { bump, directLine, groupLine, type Line, mergeLines, peerOf, sameThread, type Thread } from "./team-lines"

export interface TeamChatInput {
  readonly me: number
}

export interface TeamChatContext {
  readonly me: number
  readonly visible: boolean
  readonly groups: readonly MyAgentGroup[]
  readonly colleagues: readonly Colleague[]
  readonly listsFailure: Failure | null
  readonly thread: Thread | null
  readonly lines: readonly Line[]
  readonly hasMore: boolean
  readonly threadFailure: Failure | null
  readonly draft: string
  readonly sendFailure: Failure | null
}

export type TeamChatEvent =
  | { type: "SHOW" }
  | { type: "HIDE" }
  | { type: "RETRY" }
  | { type: "SELECT"; thread: Thread }
  | { type: "BACK" }
  | { type: "OLDER" }
  | { type: "DRAFT"; text: string }
  | { type: "SEND" }
  | { type: "MARK" }
  | RealtimeEvent<"team">

const loadLines = (thread: Thread, me: number, before: number | null) =>
  Effect.gen(function* () {
    const api = yield* Api
    const cursor = before === null ? {} : { before_id: before }
    if (thread.kind === "group") {
      const body = yield* api.call("agentGroups", "messagesGroupsConversationsByGroupId", { group_id: thread.id, ...cursor })
      return body.data.map((m) => groupLine(m, me))
    }
    const body = yield* api.call("agentGroups", "userMessages", { user_id: thread.id, ...cursor })
    return body.data.map((m) => directLine(m, me))
  })

export const teamChatMachine = setup({
  types: {
    context: {} as TeamChatContext,
    events: {} as TeamChatEvent,
    input: {} as TeamChatInput,
  },
  actors: {
    socket: fromRealtime("team"),
    loadLists: fromEffect(() =>
      Effect.gen(function* () {
        const api = yield* Api
        const [groups, colleagues] = yield* Effect.all([
          api.call("agentGroups", "fetchListAgentGroups", {}),
          api.call("agentGroups", "userList", {}),
        ])
        return { groups: groups.data, colleagues: colleagues.data }
      }),
    ),
    loadThread: fromEffect((input: { thread: Thread; me: number; before: number | null }) =>
      loadLines(input.thread, input.me, input.before),
    ),
    send: fromEffect((input: { thread: Thread; me: number; text: string }) =>
      Effect.gen(function* () {
        const api = yield* Api
        if (input.thread.kind === "group") {
          const body = yield* api.call("agentGroups", "messagesGroupSendTextByGroupId", { group_id: input.thread.id, text: input.text })
          return [groupLine(body.data, input.me)]
        }
        const body = yield* api.call("agentGroups", "userMessages", { user_id: input.thread.id, text: input.text })
        return body.data.map((m) => directLine(m, input.me))
      }),
    ),
    markRead: fromEffect((input: { thread: Thread; me: number }) => loadLines(input.thread, input.me, null)),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore && context.lines.length > 0,
    canSend: ({ context }) => context.thread !== null && context.draft.trim().length > 0,
    threadOpen: ({ context }) => context.thread !== null,
    reconnected: ({ event }) => {
      assertEvent(event, "rt.status")
      return event.status === "connected"
    },
  },
  actions: {
    /** A live message: appended to the open, visible thread (then read), or counted unread on its group or colleague. */
    arrive: assign(({ context, event }) => {
      assertEvent(event, ["rt.team:group-message", "rt.team:direct-message"])
      if (event.type === "rt.team:group-message") {
        const line = groupLine(event.message, context.me)
        const thread: Thread = { kind: "group", id: event.message.group_id }
        if (context.visible && sameThread(context.thread, thread)) return { lines: mergeLines(context.lines, [line]) }
        return { groups: bump(context.groups, thread.id, line.mine ? 0 : 1, event.message.dt) }
      }
      const line = directLine(event.message, context.me)
      const thread: Thread = { kind: "user", id: peerOf(event.message, context.me) }
      if (context.visible && sameThread(context.thread, thread)) return { lines: mergeLines(context.lines, [line]) }
      return { colleagues: bump(context.colleagues, thread.id, line.mine ? 0 : 1, event.message.dt) }
    }),
    markIfOpen: raise(({ context, event }) => {
      assertEvent(event, ["rt.team:group-message", "rt.team:direct-message"])
      const group = event.type === "rt.team:group-message"
      const thread: Thread = group ? { kind: "group", id: event.message.group_id } : { kind: "user", id: peerOf(event.message, context.me) }
      const fromOther = group ? event.message.sender_id !== context.me : event.message.from_user_id !== context.me
      return { type: context.visible && sameThread(context.thread, thread) && fromOther ? "MARK" : "NOTHING" } as never
    }),
    readTicks: assign(({ context, event }) => {
      assertEvent(event, "rt.team:direct-read")
      if (!sameThread(context.thread, { kind: "user", id: event.reader_id })) return {}
      return { lines: context.lines.map((line) => (line.mine && line.id <= event.last_read_id ? { ...line, read: true } : line)) }
    }),
    clearUnread: assign(({ context }) =>
      context.thread === null
        ? {}
        : context.thread.kind === "group"
          ? { groups: bump(context.groups, context.thread.id, null) }
          : { colleagues: bump(context.colleagues, context.thread.id, null) },
    ),
  },
}).createMachine({
  id: "team-chat",
  type: "parallel",
  context: ({ input }) => ({
    me: input.me,
    visible: false,
    groups: [],
    colleagues: [],
    listsFailure: null,
    thread: null,
    lines: [],
    hasMore: false,
    threadFailure: null,
    draft: "",
    sendFailure: null,
  }),
  invoke: { id: "socket", src: "socket" },
  on: {
    SHOW: [{ guard: "threadOpen", target: ".thread.loading", actions: assign({ visible: true }) }, { actions: assign({ visible: true }) }],
    HIDE: { actions: assign({ visible: false }) },
    DRAFT: { actions: assign({ draft: ({ event }) => event.text, sendFailure: null }) },
    "rt.team:group-message": { actions: ["arrive", "markIfOpen"] },
    "rt.team:direct-message": { actions: ["arrive", "markIfOpen"] },
    "rt.team:direct-read": { actions: "readTicks" },
  },
  states: {
    lists: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            id: "loadLists",
            src: "loadLists",
            onDone: {
              target: "ready",
              actions: [
                assign({
                  groups: ({ event }) => event.output.groups,
                  colleagues: ({ event }) => event.output.colleagues,
                  listsFailure: null,
                }),
                // The open thread is being read: its unread count on the fresh list is already seen.
                "clearUnread",
              ],
            },
            onError: { target: "failed", actions: assign({ listsFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: {
          on: {
            "rt.team:groups": "loading",
            "rt.status": { guard: "reconnected", target: "loading" },
            RETRY: "loading",
          },
        },
        failed: { on: { RETRY: "loading", "rt.status": { guard: "reconnected", target: "loading" } } },
      },
    },
    thread: {
      initial: "none",
      on: {
        SELECT: {
          target: ".loading",
          actions: [
            assign({ thread: ({ event }) => event.thread, lines: [], hasMore: false, threadFailure: null, draft: "", sendFailure: null }),
            "clearUnread",
          ],
        },
        BACK: {
          target: ".none",
          actions: assign({ thread: null, lines: [], hasMore: false, threadFailure: null, draft: "", sendFailure: null }),
        },
      },
      states: {
        none: {},
        loading: {
          entry: "clearUnread",
          invoke: {
            id: "loadThread",
            src: "loadThread",
            input: ({ context }) => ({ thread: context.thread as Thread, me: context.me, before: null }),
            onDone: {
              target: "ready",
              actions: assign({
                lines: ({ context, event }) => mergeLines(context.lines, event.output),
                hasMore: ({ event }) => event.output.length >= TEAM_PAGE_SIZE,
              }),
            },
            onError: { target: "failed", actions: assign({ threadFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: { on: { OLDER: { guard: "hasMore", target: "older" } } },
        older: {
          invoke: {
            id: "loadOlder",
            src: "loadThread",
            input: ({ context }) => ({ thread: context.thread as Thread, me: context.me, before: context.lines[0]?.id ?? null }),
            onDone: {
              target: "ready",
              actions: assign({
                lines: ({ context, event }) => mergeLines(context.lines, event.output),
                hasMore: ({ event }) => event.output.length >= TEAM_PAGE_SIZE,
              }),
            },
            onError: { target: "failed", actions: assign({ threadFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        failed: { on: { RETRY: "loading" } },
      },
    },
    composer: {
      initial: "idle",
      states: {
        idle: { on: { SEND: { guard: "canSend", target: "sending" } } },
        sending: {
          invoke: {
            id: "send",
            src: "send",
            input: ({ context }) => ({ thread: context.thread as Thread, me: context.me, text: context.draft }),
            onDone: {
              target: "idle",
              actions: assign({ lines: ({ context, event }) => mergeLines(context.lines, event.output), draft: "", sendFailure: null }),
            },
            onError: { target: "idle", actions: assign({ sendFailure: ({ event }) => failureOf(event.error) }) },
          },
          // Another thread chosen while sending: the answer belongs to the old one and is dropped.
          on: { SELECT: "idle", BACK: "idle" },
        },
      },
    },
    marking: {
      initial: "idle",
      states: {
        idle: { on: { MARK: "marking" } },
        marking: {
          invoke: {
            id: "markRead",
            src: "markRead",
            input: ({ context }) => ({ thread: context.thread as Thread, me: context.me }),
            onDone: "idle",
            onError: "idle",
          },
          on: { MARK: { target: "marking", reenter: true } },
        },
      },
    },
  },
})
