/**
 * A reminder as the form edits it, and the rule that turns it into the contract's insert or update (only what
 * changed): a name and a text, a target (a contact's number, a group or a segment), a start on the tenant's clock or
 * "send now" (SEND_NOW_LEAD_MS after saving, so the first run is seconds away), a repeat, and an optional approved
 * template for customers outside WhatsApp's 24-hour window.
 */
import type { Reminder, ReminderSchedule, ReminderTarget, ReminderTemplate } from "../../contract/schemas/tagging"

export const REMINDER_NAME_MAX = 80
export const REMINDER_MESSAGE_MAX = 1024
/** "Send now" starts this long after saving: the server refuses a start already past. */
export const SEND_NOW_LEAD_MS = 3000

export type TargetType = ReminderTarget["type"]
export type Repeat = ReminderSchedule["repeat"]

export interface ReminderDraft {
  readonly name: string
  readonly message: string
  readonly targetType: TargetType
  /** The customer's number, for a contact target. */
  readonly number: string
  /** The group's or segment's id as the select holds it. */
  readonly groupId: string
  readonly segmentId: string
  readonly repeat: Repeat
  readonly sendNow: boolean
  /** The first run, as an instant with the tenant's offset ("" while unset). */
  readonly startAt: string
  /** `name|language` of the approved template, "" for none. */
  readonly template: string
}

export type ReminderProblem =
  | "nameRequired"
  | "nameTooLong"
  | "messageRequired"
  | "messageTooLong"
  | "numberInvalid"
  | "groupRequired"
  | "segmentRequired"
  | "startRequired"
  | "noChange"

export type ReminderRequest = {
  name?: string
  message?: string
  target?: ReminderTarget
  schedule?: ReminderSchedule
  template?: ReminderTemplate | null
}

const NUMBER = /^\+?[0-9]{6,15}$/

export const templateKeyOf = (template: { readonly name: string; readonly language: string } | null): string =>
  template ? `${template.name}|${template.language}` : ""

const templateOf = (key: string): ReminderTemplate | null => {
  const [name, language] = key.split("|")
  return name && language ? ({ name, language } as ReminderTemplate) : null
}

export const blankReminder = (): ReminderDraft => ({
  name: "",
  message: "",
  targetType: "contact",
  number: "",
  groupId: "",
  segmentId: "",
  repeat: "once",
  sendNow: false,
  startAt: "",
  template: "",
})

export const reminderDraftOf = (row: Reminder): ReminderDraft => ({
  ...blankReminder(),
  name: row.name,
  message: row.message,
  targetType: row.target.type,
  number: row.target.type === "contact" ? row.target.number : "",
  groupId: row.target.type === "group" ? String(row.target.group_id) : "",
  segmentId: row.target.type === "segment" ? String(row.target.segment_id) : "",
  repeat: row.schedule.repeat,
  startAt: row.schedule.start_at,
  template: templateKeyOf(row.template),
})

const targetOf = (draft: ReminderDraft): { readonly problem: ReminderProblem } | { readonly target: ReminderTarget } => {
  switch (draft.targetType) {
    case "contact": {
      const number = draft.number.replace(/[\s()-]/g, "")
      return NUMBER.test(number) ? { target: { type: "contact", number } } : { problem: "numberInvalid" }
    }
    case "group":
      return Number(draft.groupId) > 0 ? { target: { type: "group", group_id: Number(draft.groupId) } } : { problem: "groupRequired" }
    case "segment":
      return Number(draft.segmentId) > 0
        ? { target: { type: "segment", segment_id: Number(draft.segmentId) } }
        : { problem: "segmentRequired" }
  }
}

/**
 * The call's body for this draft (`sendNowAt`: the start "send now" means, given by the caller's clock), or the
 * first problem. An edit sends only what changed; "send now" always changes the schedule.
 */
export const reminderRequestOf = (
  draft: ReminderDraft,
  row: Reminder | null,
  sendNowAt = "",
): { readonly problem: ReminderProblem } | { readonly request: ReminderRequest } => {
  const name = draft.name.trim()
  const message = draft.message.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > REMINDER_NAME_MAX) return { problem: "nameTooLong" }
  if (!message) return { problem: "messageRequired" }
  if (message.length > REMINDER_MESSAGE_MAX) return { problem: "messageTooLong" }
  const target = targetOf(draft)
  if ("problem" in target) return target
  if (!draft.sendNow && !draft.startAt) return { problem: "startRequired" }
  const schedule: ReminderSchedule = { repeat: draft.repeat, start_at: draft.sendNow ? sendNowAt : draft.startAt }
  const template = templateOf(draft.template)
  if (!row) return { request: { name, message, target: target.target, schedule, template } }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const request: ReminderRequest = {
    ...(name !== row.name ? { name } : {}),
    ...(message !== row.message ? { message } : {}),
    ...(same(target.target, row.target) ? {} : { target: target.target }),
    ...(!draft.sendNow && draft.repeat === row.schedule.repeat && draft.startAt === row.schedule.start_at
      ? {}
      : { schedule: row.schedule.end_at ? { ...schedule, end_at: row.schedule.end_at } : schedule }),
    ...(draft.template === templateKeyOf(row.template) ? {} : { template }),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}
