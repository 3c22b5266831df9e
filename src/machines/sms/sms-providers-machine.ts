/**
 * The company's SMS providers page (sub-page `sms-provider`, page actor `sms-providers`): gateways (super admins only:
 * a tenant's load of them answers 403 and the section is simply not there), accounts and sender names, with one form
 * each. A super admin adds and edits gateways, opens accounts for tenants and approves or rejects sender names; a
 * tenant asks for sender names on its accounts. Every write reloads the lists; a refused write keeps its form.
 *
 *   loading --> ready --SUBMIT/MASK.SET--> writing --> loading
 *          \-> failed --RETRY--> loading         \-(error)-> ready (failure shown, form kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { MaskStatus, SmsClient, SmsMasking, SmsProvider, SmsProviderKind } from "../../contract/schemas/sms"
import { Api } from "../../services/api/api"
import { type CallNeed, ifMayCall } from "../acl/may-call"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface ProviderDraft {
  readonly id: number | null
  readonly name: string
  readonly kind: SmsProviderKind
  readonly host: string
  readonly port: string
  readonly systemId: string
  readonly systemType: string
  readonly secret: string
  readonly window: string
  readonly rate: string
  readonly baseUrl: string
}
export interface AccountDraft {
  readonly clientId: string
  readonly providerId: string
  readonly username: string
  readonly password: string
  readonly rate: string
}
export interface MaskDraft {
  readonly accountId: string
  readonly mask: string
}
export interface Drafts {
  readonly provider: ProviderDraft
  readonly account: AccountDraft
  readonly mask: MaskDraft
}
export type Form = keyof Drafts

export const blankDrafts: Drafts = {
  provider: {
    id: null,
    name: "",
    kind: "smpp",
    host: "",
    port: "2775",
    systemId: "",
    systemType: "",
    secret: "",
    window: "10",
    rate: "0",
    baseUrl: "",
  },
  account: { clientId: "", providerId: "", username: "", password: "", rate: "" },
  mask: { accountId: "", mask: "" },
}

export interface SmsProvidersData {
  /** null: the caller is not a super admin (gateways are theirs). */
  readonly providers: readonly SmsProvider[] | null
  readonly accounts: readonly SmsClient[]
  readonly masks: readonly SmsMasking[]
}

export type Write =
  | { readonly form: Form; readonly draft: Drafts[Form] }
  | { readonly mask: number; readonly status?: MaskStatus; readonly active?: boolean }

export interface SmsProvidersContext {
  readonly data: SmsProvidersData
  readonly drafts: Drafts
  readonly failure: Failure | null
  readonly pending: Write | null
}

export type SmsProvidersEvent =
  | { type: "DRAFT"; form: Form; patch: Record<string, string> }
  | { type: "EDIT.PROVIDER"; provider: SmsProvider }
  | { type: "SUBMIT"; form: Form }
  | { type: "MASK.SET"; id: number; status?: MaskStatus; active?: boolean }
  | { type: "RETRY" }

const numberOr = (text: string, fallback: number) => (text.trim() === "" || Number.isNaN(Number(text)) ? fallback : Number(text))

/** What `sms.smsProviderAll` needs (sms-providers-machine.test.ts holds it to the contract). */
export const providersListCall: CallNeed = { permission: "sms", access: "superAdmin" }

export const loadProviders = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    const [providers, accounts, masks] = yield* Effect.all(
      [
        // The gateways are the super admin's: a tenant is not refused on every load, it does not ask.
        ifMayCall(
          providersListCall,
          api.call("sms", "smsProviderAll", {}).pipe(
            Effect.map((body): readonly SmsProvider[] | null => body.data),
            Effect.catch(() => Effect.succeed(null)),
          ),
          null,
        ),
        api.call("sms", "smsClientAll", { limit: 200 }).pipe(Effect.map((body) => body.data.items)),
        api.call("sms", "smsClientMaskingAll", { limit: 200 }).pipe(Effect.map((body) => body.data.items)),
      ],
      { concurrency: 3 },
    )
    return { providers, accounts, masks } satisfies SmsProvidersData
  }),
)

export const writeProviders = fromEffect((write: Write) =>
  Effect.gen(function* () {
    const api = yield* Api
    if ("mask" in write) {
      yield* api.call("sms", "smsClientMaskingUpdate", {
        id: write.mask,
        ...(write.status ? { status: write.status } : {}),
        ...(write.active === undefined ? {} : { active: write.active }),
      })
      return
    }
    if (write.form === "provider") {
      const d = write.draft as ProviderDraft
      const fields = {
        name: d.name.trim(),
        kind: d.kind,
        ...(d.kind === "smpp"
          ? { host: d.host.trim(), port: numberOr(d.port, 2775), system_id: d.systemId.trim(), system_type: d.systemType.trim() }
          : { base_url: d.baseUrl.trim() }),
        window: numberOr(d.window, 10),
        rate: numberOr(d.rate, 0),
        ...(d.secret ? { secret: d.secret } : {}),
      }
      if (d.id === null) yield* api.call("sms", "smsProviderAdd", fields)
      else yield* api.call("sms", "smsProviderUpdate", { id: d.id, ...fields })
      return
    }
    if (write.form === "account") {
      const d = write.draft as AccountDraft
      yield* api.call("sms", "smsClientAdd", {
        client_id: numberOr(d.clientId, 0),
        provider_id: numberOr(d.providerId, 0),
        username: d.username.trim(),
        ...(d.password ? { password: d.password } : {}),
        ...(d.rate.trim() ? { rate: numberOr(d.rate, 0) } : {}),
      })
      return
    }
    const d = write.draft as MaskDraft
    yield* api.call("sms", "smsClientMaskingAdd", { sms_client_id: numberOr(d.accountId, 0), mask: d.mask.trim() })
  }),
)

export const smsProvidersMachine = setup({
  types: { context: {} as SmsProvidersContext, events: {} as SmsProvidersEvent },
  actors: { loadProviders, writeProviders },
}).createMachine({
  id: "smsProviders",
  context: { data: { providers: null, accounts: [], masks: [] }, drafts: blankDrafts, failure: null, pending: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadProviders",
        src: "loadProviders",
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: { target: "loading", actions: assign({ failure: null }) } } },
    ready: {
      on: {
        DRAFT: {
          actions: assign(({ context, event }) => ({
            drafts: { ...context.drafts, [event.form]: { ...context.drafts[event.form], ...event.patch } },
            failure: null,
          })),
        },
        "EDIT.PROVIDER": {
          actions: assign(({ context, event }) => ({
            drafts: {
              ...context.drafts,
              provider: {
                id: event.provider.id,
                name: event.provider.name,
                kind: event.provider.kind,
                host: event.provider.host,
                port: String(event.provider.port ?? ""),
                systemId: event.provider.system_id,
                systemType: event.provider.system_type,
                secret: "",
                window: String(event.provider.window),
                rate: String(event.provider.rate),
                baseUrl: event.provider.base_url,
              },
            },
          })),
        },
        SUBMIT: {
          target: "writing",
          actions: assign({ pending: ({ context, event }) => ({ form: event.form, draft: context.drafts[event.form] }) }),
        },
        "MASK.SET": {
          target: "writing",
          actions: assign({ pending: ({ event }) => ({ mask: event.id, status: event.status, active: event.active }) }),
        },
      },
    },
    writing: {
      invoke: {
        id: "writeProviders",
        src: "writeProviders",
        input: ({ context }) => context.pending as Write,
        onDone: {
          target: "loading",
          actions: assign(({ context }) => {
            const write = context.pending
            const form = write && "form" in write ? write.form : null
            if (!form) return { pending: null, failure: null }
            // The business picked for an account stays picked (the picker still shows it) for the next one.
            const blank = form === "account" ? { ...blankDrafts.account, clientId: context.drafts.account.clientId } : blankDrafts[form]
            return { pending: null, failure: null, drafts: { ...context.drafts, [form]: blank } }
          }),
        },
        onError: { target: "ready", actions: assign({ pending: null, failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
