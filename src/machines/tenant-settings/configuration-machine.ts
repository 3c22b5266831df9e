/**
 * The company sub-page configration (page actor `tenant-configuration`): the tenant's settings that act on every
 * conversation (language of the automatic texts, time zone, working hours per day, idle close, auto-assign with its
 * caps per kind, the queue's position messages and priority rules, away message, survey, default country) and the
 * WhatsApp call settings (with call recording and its retention), edited as one draft. Read by
 * onboarding.clientAllsettings, onboarding.getCallSetting and routing.routingRuleChoices (the labels, segments and
 * flags a priority rule may name), saved by onboarding.updateAllsettings then onboarding.callSetting. The settings-form kit (common/settings-form.ts) gives the states.
 */
import { Effect } from "effect"
import type { RuleChoices } from "../../contract/groups/routing"
import type { CallSetting, ClientSettings, QueuePriorityRule, WorkingDay } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsFormMachine } from "../common/settings-form"
import { isTimeZone } from "../../contract/time-zone"

export const WEEK = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const
export type Weekday = (typeof WEEK)[number]

export interface StoredConfiguration {
  readonly settings: ClientSettings
  readonly call: CallSetting
  readonly choices: RuleChoices
}

/** A priority rule being edited: `id` 0 until the label, segment or flag is chosen. */
export type RuleDraft = QueuePriorityRule

export interface ConfigurationDraft {
  readonly language: ClientSettings["language"]
  readonly timezone: string
  /** Each day's hours, or null: closed all day. No day set at all: always open. */
  readonly hours: Readonly<Record<Weekday, { readonly open: string; readonly close: string } | null>>
  readonly session_timeout_enabled: boolean
  readonly session_timeout_minutes: number
  readonly auto_assign: boolean
  readonly max_chats_per_agent: number
  readonly max_sms_per_agent: number
  readonly max_calls_per_agent: number
  /** WhatsApp and SMS customers waiting for an agent are told their place. */
  readonly queue_position_messages: boolean
  readonly queue_priority_rules: readonly RuleDraft[]
  readonly away_message: string
  readonly survey_enabled: boolean
  readonly default_country: string
  readonly calls_enabled: boolean
  readonly ring_timeout_seconds: number
  /** How many agents a call rings at once, the next as many after each step unanswered (0: everyone at once). */
  readonly ring_at_once: number
  /** Agents already on a call are rung for new calls too. */
  readonly call_waiting: boolean
  /** One quick reply a line. */
  readonly quick_replies: string
  /** Answered calls are recorded (the customer hears an announcement) and kept `recording_retention_days`. */
  readonly record_calls: boolean
  readonly recording_retention_days: number
  /** Messages and their media are deleted after `retention_days` (off: kept). */
  readonly retention_enabled: boolean
  readonly retention_days: number
}

export type ConfigurationProblem =
  | "timezoneUnknown"
  | "hoursInvalid"
  | "timeoutRange"
  | "capRange"
  | "smsCapRange"
  | "callCapRange"
  | "ruleUnchosen"
  | "rulePriorityRange"
  | "rulesTooMany"
  | "awayTooLong"
  | "countryInvalid"
  | "ringRange"
  | "ringAtOnceRange"
  | "quickRepliesTooMany"
  | "quickReplyTooLong"
  | "retentionRange"
  | "recordingRetentionRange"

export type ConfigurationContext = SettingsFormContext<StoredConfiguration, ConfigurationDraft, ConfigurationProblem>
export type ConfigurationEvent = SettingsFormEvent<ConfigurationDraft>

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const intIn = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max
const validZone = (zone: string) => zone.length > 0 && zone.length <= 64 && isTimeZone(zone)
export const quickRepliesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)

/** What stops a save before any call (the server checks the same and answers 400 naming the field). */
export const configurationProblem = (d: ConfigurationDraft): ConfigurationProblem | null => {
  if (!validZone(d.timezone.trim())) return "timezoneUnknown"
  for (const day of WEEK) {
    const h = d.hours[day]
    if (h && (!TIME.test(h.open) || !TIME.test(h.close) || h.open === h.close)) return "hoursInvalid"
  }
  if (!intIn(d.session_timeout_minutes, 1, 10080)) return "timeoutRange"
  if (!intIn(d.max_chats_per_agent, 1, 100)) return "capRange"
  if (!intIn(d.max_sms_per_agent, 1, 500)) return "smsCapRange"
  if (!intIn(d.max_calls_per_agent, 1, 10)) return "callCapRange"
  if (d.queue_priority_rules.length > 50) return "rulesTooMany"
  if (d.queue_priority_rules.some((r) => r.id <= 0)) return "ruleUnchosen"
  if (d.queue_priority_rules.some((r) => !intIn(r.priority, -100, 100))) return "rulePriorityRange"
  if (d.away_message.length > 1024) return "awayTooLong"
  if (d.default_country !== "" && !/^[A-Z]{2}$/.test(d.default_country)) return "countryInvalid"
  if (!intIn(d.ring_timeout_seconds, 10, 300)) return "ringRange"
  if (!intIn(d.ring_at_once, 0, 1000)) return "ringAtOnceRange"
  const replies = quickRepliesOf(d.quick_replies)
  if (replies.length > 20) return "quickRepliesTooMany"
  if (replies.some((r) => r.length > 200)) return "quickReplyTooLong"
  if (d.retention_enabled && !intIn(d.retention_days, 1, 3650)) return "retentionRange"
  if (d.record_calls && !intIn(d.recording_retention_days, 1, 3650)) return "recordingRetentionRange"
  return null
}

const DEFAULT_SETTINGS: ClientSettings = {
  timezone: "UTC",
  language: "en",
  session_timeout_minutes: 30,
  session_timeout_enabled: false,
  auto_assign: false,
  max_chats_per_agent: 5,
  working_hours: [],
  away_message: null,
  survey_enabled: false,
  default_country: null,
}
const DEFAULT_CALL: CallSetting = {
  enabled: true,
  ring_timeout_seconds: 60,
  ring_at_once: 0,
  quick_replies: [],
  record_calls: false,
  recording_retention_days: 90,
}

export const draftOf = (stored: StoredConfiguration | null): ConfigurationDraft => {
  const s = stored?.settings ?? DEFAULT_SETTINGS
  const c = stored?.call ?? DEFAULT_CALL
  const hours = Object.fromEntries(
    WEEK.map((day) => {
      const h = s.working_hours.find((w) => w.day === day)
      return [day, h ? { open: h.open, close: h.close } : null]
    }),
  ) as ConfigurationDraft["hours"]
  return {
    language: s.language,
    timezone: s.timezone,
    hours,
    session_timeout_enabled: s.session_timeout_enabled ?? false,
    session_timeout_minutes: s.session_timeout_minutes,
    auto_assign: s.auto_assign,
    max_chats_per_agent: s.max_chats_per_agent,
    max_sms_per_agent: s.max_sms_per_agent ?? 20,
    max_calls_per_agent: s.max_calls_per_agent ?? 1,
    queue_position_messages: s.queue_position_messages ?? false,
    queue_priority_rules: s.queue_priority_rules ?? [],
    away_message: s.away_message ?? "",
    survey_enabled: s.survey_enabled,
    default_country: s.default_country ?? "",
    calls_enabled: c.enabled,
    ring_timeout_seconds: c.ring_timeout_seconds,
    ring_at_once: c.ring_at_once,
    call_waiting: s.call_waiting ?? false,
    quick_replies: c.quick_replies.join("\n"),
    record_calls: c.record_calls,
    recording_retention_days: c.recording_retention_days,
    retention_enabled: s.retention_days != null,
    retention_days: s.retention_days ?? 365,
  }
}

export const workingHoursOf = (d: ConfigurationDraft): WorkingDay[] =>
  WEEK.flatMap((day) => {
    const h = d.hours[day]
    return h ? [{ day, open: h.open, close: h.close }] : []
  })

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    const settings = (yield* api.call("onboarding", "clientAllsettings", {})).data
    const { enabled, ring_timeout_seconds, ring_at_once, quick_replies, record_calls, recording_retention_days } = (yield* api.call(
      "onboarding",
      "getCallSetting",
      {},
    )).data
    const choices = (yield* api.call("routing", "routingRuleChoices", {})).data
    return {
      settings,
      call: { enabled, ring_timeout_seconds, ring_at_once, quick_replies, record_calls, recording_retention_days },
      choices,
    } satisfies StoredConfiguration
  })

const NO_CHOICES: RuleChoices = { label: [], segment: [], flag: [] }

/** What a save is given: the draft, and the pick lists read with the stored settings (kept across the save). */
interface SaveInput {
  readonly draft: ConfigurationDraft
  readonly choices: RuleChoices
}

const save = ({ draft: d, choices }: SaveInput) =>
  Effect.gen(function* () {
    const api = yield* Api
    const settings = (yield* api.call("onboarding", "updateAllsettings", {
      language: d.language,
      timezone: d.timezone.trim(),
      working_hours: workingHoursOf(d),
      session_timeout_enabled: d.session_timeout_enabled,
      session_timeout_minutes: d.session_timeout_minutes,
      auto_assign: d.auto_assign,
      max_chats_per_agent: d.max_chats_per_agent,
      max_sms_per_agent: d.max_sms_per_agent,
      max_calls_per_agent: d.max_calls_per_agent,
      queue_position_messages: d.queue_position_messages,
      queue_priority_rules: d.queue_priority_rules,
      away_message: d.away_message.trim() ? d.away_message : null,
      survey_enabled: d.survey_enabled,
      default_country: d.default_country || null,
      retention_days: d.retention_enabled ? d.retention_days : null,
      call_waiting: d.call_waiting,
    })).data
    const call = (yield* api.call("onboarding", "callSetting", {
      enabled: d.calls_enabled,
      ring_timeout_seconds: d.ring_timeout_seconds,
      ring_at_once: d.ring_at_once,
      quick_replies: quickRepliesOf(d.quick_replies),
      record_calls: d.record_calls,
      recording_retention_days: d.recording_retention_days,
    })).data
    return { settings, call, choices } satisfies StoredConfiguration
  })

export const configurationMachine = settingsFormMachine({
  id: "tenant-configuration",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf,
  problemOf: configurationProblem,
  saveInput: (draft, stored): SaveInput => ({ draft, choices: stored?.choices ?? NO_CHOICES }),
})
