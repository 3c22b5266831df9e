/** The configuration page's machine, model-based (common/model-check.testing.ts), and the rules that stop a save. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import {
  type ConfigurationDraft,
  configurationMachine,
  configurationProblem,
  draftOf,
  quickRepliesOf,
  workingHoursOf,
} from "./configuration-machine"

const stored = {
  settings: {
    timezone: "Europe/Istanbul",
    language: "tr" as const,
    session_timeout_minutes: 20,
    session_timeout_enabled: true,
    auto_assign: true,
    max_chats_per_agent: 4,
    working_hours: [{ day: "mon" as const, open: "09:00", close: "18:00" }],
    away_message: null,
    survey_enabled: true,
    default_country: "TR",
  },
  call: {
    enabled: true,
    ring_timeout_seconds: 45,
    ring_at_once: 3,
    quick_replies: ["I will call you back", "Please write to us"],
    record_calls: true,
    recording_retention_days: 30,
  },
  choices: { label: [{ id: 4, name: "VIP" }], segment: [], flag: [] },
}

checkModel({
  name: "tenant configuration",
  machine: configurationMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: stored },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { max_chats_per_agent: 0 } },
    { type: "EDIT", patch: { max_chats_per_agent: 3, auto_assign: false } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: { ...stored, settings: { ...stored.settings, max_chats_per_agent: 3, auto_assign: false } } },
    { type: "xstate.error.actor.save", error: new Error("400") },
  ],
  key: (s) => [
    s.value,
    s.context.stored !== null,
    s.context.draft.max_chats_per_agent,
    s.context.problem,
    s.context.failure !== null,
    s.context.saved > 0,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("configuration rules", () => {
  const draft: ConfigurationDraft = draftOf(stored)
  it("reads the stored settings into a draft and back without loss", () => {
    expect(draft.hours.mon).toEqual({ open: "09:00", close: "18:00" })
    expect(draft.hours.tue).toBeNull()
    expect(workingHoursOf(draft)).toEqual(stored.settings.working_hours)
    expect(quickRepliesOf(draft.quick_replies)).toEqual(stored.call.quick_replies)
    expect(configurationProblem(draft)).toBeNull()
  })
  it("names the first thing wrong", () => {
    expect(configurationProblem({ ...draft, timezone: "Mars/Olympus" })).toBe("timezoneUnknown")
    expect(configurationProblem({ ...draft, hours: { ...draft.hours, tue: { open: "10:00", close: "10:00" } } })).toBe("hoursInvalid")
    expect(configurationProblem({ ...draft, session_timeout_minutes: 0 })).toBe("timeoutRange")
    expect(configurationProblem({ ...draft, session_timeout_minutes: 2.5 })).toBe("timeoutRange")
    expect(configurationProblem({ ...draft, max_chats_per_agent: 101 })).toBe("capRange")
    expect(configurationProblem({ ...draft, away_message: "x".repeat(1025) })).toBe("awayTooLong")
    expect(configurationProblem({ ...draft, default_country: "tr" })).toBe("countryInvalid")
    expect(configurationProblem({ ...draft, ring_timeout_seconds: 5 })).toBe("ringRange")
    expect(configurationProblem({ ...draft, ring_at_once: -1 })).toBe("ringAtOnceRange")
    expect(configurationProblem({ ...draft, ring_at_once: 2.5 })).toBe("ringAtOnceRange")
    expect(configurationProblem({ ...draft, ring_at_once: 0 })).toBeNull()
    expect(configurationProblem({ ...draft, quick_replies: Array.from({ length: 21 }, (_, i) => `r${i}`).join("\n") })).toBe(
      "quickRepliesTooMany",
    )
    expect(configurationProblem({ ...draft, quick_replies: "y".repeat(201) })).toBe("quickReplyTooLong")
    // Retention: off by default; when on, 1 to 3650 whole days (off, any number is ignored).
    expect([draft.retention_enabled, draft.retention_days]).toEqual([false, 365])
    expect(configurationProblem({ ...draft, retention_enabled: true, retention_days: 0 })).toBe("retentionRange")
    expect(configurationProblem({ ...draft, retention_enabled: true, retention_days: 3651 })).toBe("retentionRange")
    expect(configurationProblem({ ...draft, retention_enabled: false, retention_days: 0 })).toBeNull()
    expect(draftOf({ ...stored, settings: { ...stored.settings, retention_days: 90 } })).toMatchObject({
      retention_enabled: true,
      retention_days: 90,
    })
    // Recording: kept 1 to 3650 whole days while it is on (off, any number is ignored).
    expect([draft.record_calls, draft.recording_retention_days]).toEqual([true, 30])
    expect(configurationProblem({ ...draft, recording_retention_days: 0 })).toBe("recordingRetentionRange")
    expect(configurationProblem({ ...draft, record_calls: false, recording_retention_days: 0 })).toBeNull()
    expect(draftOf(null)).toMatchObject({ record_calls: false, recording_retention_days: 90 })
    // The caps per kind and the queue's priority rules: a rule must name its label, segment or flag.
    expect(configurationProblem({ ...draft, max_sms_per_agent: 0 })).toBe("smsCapRange")
    expect(configurationProblem({ ...draft, max_calls_per_agent: 11 })).toBe("callCapRange")
    expect(configurationProblem({ ...draft, queue_priority_rules: [{ kind: "label", id: 0, priority: 5 }] })).toBe("ruleUnchosen")
    expect(configurationProblem({ ...draft, queue_priority_rules: [{ kind: "label", id: 4, priority: 101 }] })).toBe("rulePriorityRange")
    expect(configurationProblem({ ...draft, queue_priority_rules: [{ kind: "flag", id: 4, priority: -100 }] })).toBeNull()
    expect([draft.max_sms_per_agent, draft.max_calls_per_agent, draft.queue_position_messages]).toEqual([20, 1, false])
    // An overnight shift (open after close) is allowed.
    expect(configurationProblem({ ...draft, hours: { ...draft.hours, fri: { open: "22:00", close: "06:00" } } })).toBeNull()
  })
})
