/**
 * The OTP login's settings (`/apps/opt`, page actor `otp-settings`): read, changed in a draft, checked, saved.
 *
 *   loading --done--> ready --SAVE (no problem)--> saving --done--> ready (saved)
 *      \--error--> failed --RETRY--> loading            \--error--> ready (failure kept, draft kept)
 */
import { Effect } from "effect"
import { assign, setup } from "xstate"
import type { OtpSettings } from "../../contract/schemas/otp"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"

export interface SettingsDraft {
  readonly enabled: boolean
  readonly ttl: string
  readonly tries: string
  readonly cooldown: string
}

export type SettingsProblem = "ttl" | "tries" | "cooldown"

const within = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max

/** The contract's bounds (OtpSettings), checked before anything is sent. */
export const settingsRequestOf = (d: SettingsDraft): { problem: SettingsProblem } | { request: OtpSettings } => {
  if (!within(d.ttl, 30, 3600)) return { problem: "ttl" }
  if (!within(d.tries, 1, 10)) return { problem: "tries" }
  if (!within(d.cooldown, 0, 600)) return { problem: "cooldown" }
  return {
    request: { enabled: d.enabled, ttl_seconds: Number(d.ttl), max_tries: Number(d.tries), cooldown_seconds: Number(d.cooldown) },
  }
}

const draftOf = (s: OtpSettings): SettingsDraft => ({
  enabled: s.enabled,
  ttl: String(s.ttl_seconds),
  tries: String(s.max_tries),
  cooldown: String(s.cooldown_seconds),
})

export const loadSettings = fromEffect(() =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("otpSettings", "getOtpSettings", {})).data
  }),
)

export const saveSettings = fromEffect((request: OtpSettings) =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("otpSettings", "updateOtpSettings", request)).data
  }),
)

export interface SettingsContext {
  readonly draft: SettingsDraft
  readonly problem: SettingsProblem | null
  readonly failure: Failure | null
  readonly saved: number
}

export type SettingsEvent = { type: "CHANGE"; patch: Partial<SettingsDraft> } | { type: "SAVE" } | { type: "RETRY" }

export const otpSettingsMachine = setup({
  types: { context: {} as SettingsContext, events: {} as SettingsEvent },
  actors: { loadSettings, saveSettings },
  guards: { valid: ({ context }) => "request" in settingsRequestOf(context.draft) },
}).createMachine({
  id: "otpSettings",
  context: { draft: { enabled: true, ttl: "", tries: "", cooldown: "" }, problem: null, failure: null, saved: 0 },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadSettings",
        src: "loadSettings",
        onDone: { target: "ready", actions: assign({ draft: ({ event }) => draftOf(event.output), failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: "loading" } },
    ready: {
      on: {
        CHANGE: {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }), problem: null, failure: null }),
        },
        SAVE: [
          { guard: "valid", target: "saving", actions: assign({ problem: null, failure: null }) },
          {
            actions: assign({
              problem: ({ context }) => {
                const out = settingsRequestOf(context.draft)
                return "problem" in out ? out.problem : null
              },
            }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: "saveSettings",
        src: "saveSettings",
        input: ({ context }) => {
          const out = settingsRequestOf(context.draft)
          return "request" in out ? out.request : (undefined as never)
        },
        onDone: {
          target: "ready",
          actions: assign({ draft: ({ event }) => draftOf(event.output), saved: ({ context }) => context.saved + 1 }),
        },
        onError: { target: "ready", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
