/**
 * The send screen (`/sms/send`, page actor `sms-send`): the tenant's approved masks, groups and segments are loaded;
 * the draft is edited (text, pasted numbers, group, segment, mask) with its count and cost derived (sms-draft.ts);
 * SEND goes only for a draft without a problem; then the batch's progress is polled each second until nothing is
 * queued or waiting for its receipt (or a few minutes passed), and NEW starts another message with the same mask.
 *
 *   loading --> editing --SEND--> sending --> tracking(polling <-> waiting) --> done --NEW--> editing
 *          \-> failed --RETRY--> loading        \-(error)-> editing (the failure shown, the draft kept)
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { SmsSent, SmsStatusCounts } from "../../contract/schemas/sms"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { type Choice, namesOf, PICK } from "../report-kit/picker-list"
import { blankDraft, type MaskChoice, problemOf, requestOf, type SmsDraft } from "./sms-draft"

export interface SmsChoices {
  readonly masks: readonly MaskChoice[]
  readonly groups: readonly Choice[]
  readonly segments: readonly Choice[]
}

export interface SmsSendContext {
  readonly draft: SmsDraft
  readonly choices: SmsChoices
  readonly failure: Failure | null
  readonly sent: SmsSent | null
  readonly progress: SmsStatusCounts | null
  readonly polls: number
}

type Field = keyof SmsDraft
export type SmsSendEvent =
  | { type: "EDIT"; field: Field; value: string | number | null }
  | { type: "SEND" }
  | { type: "NEW" }
  | { type: "RETRY" }

/** Polls of a batch's progress before the screen stops watching (about three minutes). */
export const MAX_POLLS = 180
export const POLL_MS = 1000

const orEmpty = <A>(effect: Effect.Effect<readonly A[], unknown, Api>) =>
  effect.pipe(Effect.catch(() => Effect.succeed([] as readonly A[])))

export const loadChoices = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    const [masks, groups, segments] = yield* Effect.all(
      [
        api
          .call("sms", "smsClientMaskingAll", { status: "approved", limit: 200 })
          .pipe(Effect.map((body) => body.data.items.filter((m) => m.active).map(({ id, mask, rate }) => ({ id, mask, rate })))),
        // A tenant without contact groups or segments (or the rights to them) still sends to pasted numbers.
        orEmpty(api.call("contacts", "groupsList", PICK).pipe(Effect.map(namesOf))),
        orEmpty(api.call("tagging", "segments", PICK).pipe(Effect.map(namesOf))),
      ],
      { concurrency: 3 },
    )
    return { masks, groups, segments } satisfies SmsChoices
  }),
)

export const sendSms = fromEffect((draft: SmsDraft) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("sms", "smsSend", requestOf(draft))).data
  }),
)

export const pollBatch = fromEffect((batchId: string) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("sms", "smsMessages", { batch_id: batchId, limit: 1 })).data.counts
  }),
)

const finished = (counts: SmsStatusCounts, polls: number) => (counts.queued === 0 && counts.sent === 0) || polls >= MAX_POLLS

export const smsSendMachine = setup({
  types: { context: {} as SmsSendContext, events: {} as SmsSendEvent },
  actors: { loadChoices, sendSms, pollBatch },
  guards: {
    sendable: ({ context }) => problemOf(context.draft) === null,
    finished: ({ context, event }) => finished((event as unknown as { output: SmsStatusCounts }).output, context.polls + 1),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, "EDIT")
      const value = event.field === "text" || event.field === "numbers" ? String(event.value ?? "") : (event.value as number | null)
      return { draft: { ...context.draft, [event.field]: value }, failure: null }
    }),
    forgetBatch: assign(({ context }) => ({
      draft: { ...blankDraft, maskId: context.draft.maskId },
      sent: null,
      progress: null,
      polls: 0,
      failure: null,
    })),
  },
  delays: { POLL: POLL_MS },
}).createMachine({
  id: "smsSend",
  context: {
    draft: blankDraft,
    choices: { masks: [], groups: [], segments: [] },
    failure: null,
    sent: null,
    progress: null,
    polls: 0,
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadChoices",
        src: "loadChoices",
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => ({
            choices: event.output,
            failure: null,
            // One approved mask: it is the only choice, so it is chosen.
            draft: { ...context.draft, maskId: event.output.masks.length === 1 ? event.output.masks[0].id : context.draft.maskId },
          })),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: "loading" } },
    editing: {
      on: {
        EDIT: { actions: "edit" },
        SEND: { guard: "sendable", target: "sending" },
      },
    },
    sending: {
      invoke: {
        id: "sendSms",
        src: "sendSms",
        input: ({ context }) => context.draft,
        onDone: {
          target: "tracking",
          actions: assign(({ event }) => ({
            sent: event.output,
            progress: { queued: event.output.count, sent: 0, delivered: 0, failed: 0 },
            polls: 0,
            failure: null,
          })),
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    tracking: {
      initial: "waiting",
      on: { NEW: { target: "editing", actions: "forgetBatch" } },
      states: {
        waiting: { after: { POLL: "polling" } },
        polling: {
          invoke: {
            id: "pollBatch",
            src: "pollBatch",
            input: ({ context }) => context.sent?.batch_id ?? "",
            onDone: [
              {
                guard: "finished",
                target: "#smsSend.done",
                actions: assign(({ context, event }) => ({ progress: event.output, polls: context.polls + 1 })),
              },
              { target: "waiting", actions: assign(({ context, event }) => ({ progress: event.output, polls: context.polls + 1 })) },
            ],
            // A failed poll is tried again on the next tick; the batch is on the server's queue either way.
            onError: { target: "waiting", actions: assign(({ context }) => ({ polls: context.polls + 1 })) },
          },
        },
      },
    },
    done: { on: { NEW: { target: "editing", actions: "forgetBatch" } } },
  },
})
