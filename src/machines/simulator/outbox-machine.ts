/**
 * The simulator page's mail outbox (page actor `sim-outbox`): the mail the development server kept instead of sending
 * (no SMTP_URL: MAU reports, password-reset links), newest first, read again every few seconds and on demand. A
 * failed read keeps the last list and says why; the next round tries again.
 *
 *   loading --done/error--> waiting --after 3 s / REFRESH--> loading
 */
import { assign, setup } from "xstate"
import type { OutboxMail } from "../../services/simulator/simulator"
import { type Failure, failureOf } from "../common/failure"
import { errorOf, outputOf } from "../common/settled"
import { simulatorActors } from "./simulator-actors"

export type { OutboxMail } from "../../services/simulator/simulator"

export const OUTBOX_POLL_MS = 3000

export const outboxMachine = setup({
  types: {
    context: {} as { readonly mails: readonly OutboxMail[] | null; readonly failure: Failure | null },
    events: {} as { type: "REFRESH" },
    tags: {} as "loading",
  },
  actors: { load: simulatorActors.outbox },
  delays: { poll: OUTBOX_POLL_MS },
  actions: {
    store: assign((_, mails: readonly OutboxMail[]) => ({
      mails: [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id),
      failure: null,
    })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: "sim-outbox",
  context: { mails: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "waiting", actions: { type: "store", params: outputOf } },
        onError: { target: "waiting", actions: { type: "fail", params: errorOf } },
      },
    },
    waiting: {
      after: { poll: "loading" },
      on: { REFRESH: "loading" },
    },
  },
})
