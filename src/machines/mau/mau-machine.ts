/**
 * Monthly active users (page actor `mau-report`: /apps/sessions-mau and the company sub-page `mau`): the figures of
 * a range of months, one call per month, and the month's report sent by e-mail. A tenant reads its own
 * (`GET /messages/mau`); a super admin reads every business's (`POST /messages/mau/admin`) and may narrow the
 * screen to one business.
 *
 *   report: loading --done--> ready --RANGE.SET (valid) / REFRESH--> loading ; --error--> failed --REFRESH--> loading
 *   mail:   idle --MAIL.SEND (valid address)--> sending --done/error--> idle (outcome or failure kept until edited)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { MauRow } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { DEFAULT_MONTHS, isEmail, monthOf, monthsBetween, type RangeProblem, rangeProblem, shiftMonth } from "./mau-months"

export type MauScope = "tenant" | "admin"

export interface MauMail {
  readonly email: string
  readonly month: string
  readonly problem: "email" | null
  readonly sent: { readonly email: string; readonly month: string } | null
  readonly failure: Failure | null
}

export interface MauContext {
  readonly scope: MauScope
  readonly from: string
  readonly to: string
  /** The months the rows are for (the last range read). */
  readonly months: readonly string[]
  readonly rows: readonly MauRow[] | null
  /** The business the super admin narrowed the screen to; null: all. */
  readonly clientId: number | null
  readonly problem: RangeProblem | null
  readonly failure: Failure | null
  readonly mail: MauMail
}

export type MauEvent =
  | { type: "RANGE.SET"; from: string; to: string }
  | { type: "REFRESH" }
  | { type: "BUSINESS.SET"; clientId: number | null }
  | { type: "MAIL.EDIT"; patch: { email?: string; month?: string } }
  | { type: "MAIL.SEND" }

export const mauLoad = fromEffect((input: { scope: MauScope; months: readonly string[] }) =>
  Effect.gen(function* () {
    const api = yield* Api
    const perMonth = yield* Effect.forEach(
      input.months,
      (month) =>
        input.scope === "admin"
          ? api.call("mau", "messagesMauAdmin", { month }).pipe(Effect.map((body) => body.data))
          : api.call("mau", "messagesMau", { month }).pipe(Effect.map((body) => [body.data])),
      { concurrency: 4 },
    )
    return perMonth.flat()
  }),
)

export const mauMailSend = fromEffect((input: { email: string; month: string }) =>
  Effect.gen(function* () {
    yield* (yield* Api).call("mau", "sendMailMau", { email: input.email, month: input.month })
    return input
  }),
)

const initialContext = (scope: MauScope, month: string): MauContext => ({
  scope,
  from: shiftMonth(month, -(DEFAULT_MONTHS - 1)),
  to: month,
  months: [],
  rows: null,
  clientId: null,
  problem: null,
  failure: null,
  mail: { email: "", month, problem: null, sent: null, failure: null },
})

export const mauMachine = setup({
  types: {
    context: {} as MauContext,
    events: {} as MauEvent,
    input: {} as { scope: MauScope; month?: string } | undefined,
    tags: {} as "loading" | "sending",
  },
  actors: { load: mauLoad, send: mauMailSend },
  guards: {
    rangeOk: (_, range: { from: string; to: string }) => rangeProblem(range.from, range.to) === null,
    mailOk: ({ context }) => isEmail(context.mail.email) && monthsBetween(context.mail.month, context.mail.month).length === 1,
  },
  actions: {
    setRange: assign((_, range: { from: string; to: string }) => ({ ...range, problem: null })),
    refuseRange: assign((_, range: { from: string; to: string }) => ({ ...range, problem: rangeProblem(range.from, range.to) })),
    store: assign(({ context }, rows: readonly MauRow[]) => ({
      rows,
      months: monthsBetween(context.from, context.to),
      failure: null,
      // The mail's month follows the range when it fell outside it.
      mail: monthsBetween(context.from, context.to).includes(context.mail.month) ? context.mail : { ...context.mail, month: context.to },
    })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    setBusiness: assign((_, clientId: number | null) => ({ clientId })),
    editMail: assign(({ context }, patch: { email?: string; month?: string }) => ({
      mail: { ...context.mail, ...patch, problem: null, sent: null, failure: null },
    })),
    refuseMail: assign(({ context }) => ({ mail: { ...context.mail, problem: "email" as const, sent: null, failure: null } })),
    mailSent: assign(({ context }, sent: { email: string; month: string }) => ({ mail: { ...context.mail, sent, failure: null } })),
    mailFailed: assign(({ context }, error: unknown) => ({ mail: { ...context.mail, sent: null, failure: failureOf(error) } })),
  },
}).createMachine({
  id: "mau-report",
  context: ({ input }) => initialContext(input?.scope ?? "tenant", input?.month ?? monthOf(new Date())),
  type: "parallel",
  on: {
    "BUSINESS.SET": { actions: { type: "setBusiness", params: ({ event }) => event.clientId } },
  },
  states: {
    report: {
      initial: "loading",
      on: {
        "RANGE.SET": [
          {
            guard: { type: "rangeOk", params: ({ event }) => event },
            target: ".loading",
            reenter: true,
            actions: { type: "setRange", params: ({ event }) => event },
          },
          { actions: { type: "refuseRange", params: ({ event }) => event } },
        ],
      },
      states: {
        loading: {
          tags: "loading",
          invoke: {
            id: "load",
            src: "load",
            input: ({ context }) => ({ scope: context.scope, months: monthsBetween(context.from, context.to) }),
            onDone: { target: "ready", actions: { type: "store", params: outputOf } },
            onError: { target: "failed", actions: { type: "fail", params: errorOf } },
          },
        },
        ready: { on: { REFRESH: "loading" } },
        failed: { on: { REFRESH: "loading" } },
      },
    },
    mail: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "MAIL.EDIT": { actions: { type: "editMail", params: ({ event }) => event.patch } },
            "MAIL.SEND": [{ guard: "mailOk", target: "sending" }, { actions: "refuseMail" }],
          },
        },
        sending: {
          tags: "sending",
          invoke: {
            id: "send",
            src: "send",
            input: ({ context }) => ({ email: context.mail.email.trim(), month: context.mail.month }),
            onDone: { target: "idle", actions: { type: "mailSent", params: outputOf } },
            onError: { target: "idle", actions: { type: "mailFailed", params: errorOf } },
          },
        },
      },
    },
  },
})
