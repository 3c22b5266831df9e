/**
 * The channels overview (/channels) and the SMS channel page (/channels/sms), page actor `channels-overview`: every
 * channel's state at once. WhatsApp asks Meta now (channels.onboardingWhatsappStatus); Facebook and Instagram read the
 * stored logins (metaLogins.metaLogin); SMS is the tenant's accounts and approved sender names (sms group); web chat
 * has no call yet, so it is "not connected". A channel whose call fails (a permission the person lacks, Meta down)
 * shows "unknown" with the reason, and the others still show. Made from the detail loader; REFRESH loads again.
 *
 *   loading --> ready --REFRESH--> loading        (RETRY from failed)
 */
import { Effect } from "effect"
import type { ChannelAccount } from "../../contract/schemas/channels"
import type { SmsClient, SmsMasking } from "../../contract/schemas/sms"
import type { ChannelState } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export type OverviewChannel = "whatsapp" | "facebook" | "instagram" | "sms" | "webchat"

export interface ChannelRow {
  readonly channel: OverviewChannel
  readonly state: ChannelState | "unknown"
  /** The number's or page's name, or the SMS sender names. */
  readonly name: string | null
  /** Meta's reason when failing; the call's failure when unknown. */
  readonly failure: Failure | null
  readonly error: string | null
}

export interface SmsState {
  readonly accounts: readonly SmsClient[]
  readonly masks: readonly SmsMasking[]
}

export interface ChannelsOverviewContext {
  readonly rows: readonly ChannelRow[]
  readonly sms: SmsState | null
  readonly failure: Failure | null
}

export type ChannelsOverviewEvent = { type: "REFRESH" }

export const rowOfAccount = (channel: OverviewChannel, account: ChannelAccount): ChannelRow => ({
  channel,
  state: account.status,
  name: account.display_name ?? account.external_id,
  failure: null,
  error: account.error,
})

/** SMS works once an active account has an approved, active sender name; an account without one is pending. */
export const rowOfSms = ({ accounts, masks }: SmsState): ChannelRow => {
  const live = masks.filter((m) => m.status === "approved" && m.active && accounts.some((a) => a.id === m.sms_client_id && a.active))
  const state: ChannelState = live.length > 0 ? "connected" : accounts.some((a) => a.active) ? "pending" : "not_connected"
  return { channel: "sms", state, name: live.length > 0 ? live.map((m) => m.mask).join(", ") : null, failure: null, error: null }
}

const unknown = (channel: OverviewChannel, error: unknown): ChannelRow => ({
  channel,
  state: "unknown",
  name: null,
  failure: failureOf(error),
  error: null,
})

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    const account = (channel: OverviewChannel, call: Effect.Effect<{ data: ChannelAccount }, unknown>) =>
      call.pipe(
        Effect.map((body) => rowOfAccount(channel, body.data)),
        Effect.catch((error) => Effect.succeed(unknown(channel, error))),
      )
    const smsLoad = Effect.all([
      api.call("sms", "smsClientAll", { page: 1, limit: 100 }),
      api.call("sms", "smsClientMaskingAll", { page: 1, limit: 100 }),
    ]).pipe(
      Effect.map(([accounts, masks]) => ({ accounts: accounts.data.items, masks: masks.data.items }) satisfies SmsState),
      Effect.map((sms) => ({ sms, row: rowOfSms(sms) })),
      Effect.catch((error) => Effect.succeed({ sms: null, row: unknown("sms", error) })),
    )
    const [whatsapp, facebook, instagram, sms] = yield* Effect.all(
      [
        account("whatsapp", api.call("channels", "onboardingWhatsappStatus", {})),
        account("facebook", api.call("metaLogins", "metaLogin", { channel: "facebook" })),
        account("instagram", api.call("metaLogins", "metaLogin", { channel: "instagram" })),
        smsLoad,
      ],
      { concurrency: "unbounded" },
    )
    const webchat: ChannelRow = { channel: "webchat", state: "not_connected", name: null, failure: null, error: null }
    return { rows: [whatsapp, facebook, instagram, sms.row, webchat], sms: sms.sms } satisfies Loaded as Loaded
  })

type Loaded = { rows: readonly ChannelRow[]; sms: SmsState | null }

const empty = (): ChannelsOverviewContext => ({ rows: [], sms: null, failure: null })

const detail = detailMachine({
  types: { context: {} as ChannelsOverviewContext, events: {} as ChannelsOverviewEvent },
  load: fromEffect(load),
  loadInput: () => undefined,
  stored: (context, loaded: Loaded) => ({ ...context, rows: loaded.rows, sms: loaded.sms }),
  closed: empty,
})

export const channelsOverviewMachine = detail.kit.createMachine({
  id: "channels-overview",
  context: empty,
  initial: "loading",
  on: detail.on,
  states: {
    ...detail.states,
    ready: { ...detail.states.ready, on: { REFRESH: { target: "loading" } } },
  },
})
