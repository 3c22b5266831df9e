/**
 * The send screen's rules, pure: the pasted numbers (one per line, or separated by commas, semicolons or spaces), what
 * the text costs in parts and money, and the first problem that keeps the message from going (checked as the user
 * types, and again before sending).
 */
import { countSms, SMS_MAX_PARTS, type SmsCount, smsCost } from "../../contract/sms-segments"

export interface MaskChoice {
  readonly id: number
  readonly mask: string
  readonly rate: number
}

export interface SmsDraft {
  readonly text: string
  readonly numbers: string
  readonly groupId: number | null
  readonly segmentId: number | null
  readonly maskId: number | null
}

export const blankDraft: SmsDraft = { text: "", numbers: "", groupId: null, segmentId: null, maskId: null }

/** The send call takes at most this many pasted numbers. */
export const MAX_NUMBERS = 1000
export const MAX_TEXT = 1600
const PHONE = /^\+?[0-9]{5,16}$/

export const parseNumbers = (text: string): { readonly valid: readonly string[]; readonly invalid: readonly string[] } => {
  const seen = new Set<string>()
  const valid: string[] = []
  const invalid: string[] = []
  for (const raw of text.split(/[\n,;]+/)) {
    const token = raw.replace(/[\s()-]/g, "")
    if (token === "") continue
    if (!PHONE.test(token)) {
      invalid.push(raw.trim())
      continue
    }
    const number = token.startsWith("+") ? token : `+${token}`
    if (!seen.has(number)) {
      seen.add(number)
      valid.push(number)
    }
  }
  return { valid, invalid }
}

export type DraftProblem = "noMask" | "noText" | "tooLong" | "noRecipients" | "badNumbers" | "tooManyNumbers"

export const problemOf = (draft: SmsDraft): DraftProblem | null => {
  if (draft.maskId === null) return "noMask"
  if (draft.text.trim() === "") return "noText"
  if (draft.text.length > MAX_TEXT || countSms(draft.text).parts > SMS_MAX_PARTS) return "tooLong"
  const numbers = parseNumbers(draft.numbers)
  if (numbers.invalid.length > 0) return "badNumbers"
  if (numbers.valid.length > MAX_NUMBERS) return "tooManyNumbers"
  if (numbers.valid.length === 0 && draft.groupId === null && draft.segmentId === null) return "noRecipients"
  return null
}

export interface DraftSummary {
  readonly count: SmsCount
  readonly numbers: number
  readonly invalid: readonly string[]
  /** Price of one recipient's message; null until a mask is chosen. */
  readonly perRecipient: number | null
  /** For the pasted numbers; a group or segment adds its members at the same price each. */
  readonly total: number | null
}

export const summaryOf = (draft: SmsDraft, masks: readonly MaskChoice[]): DraftSummary => {
  const count = countSms(draft.text)
  const numbers = parseNumbers(draft.numbers)
  const mask = masks.find((m) => m.id === draft.maskId)
  return {
    count,
    numbers: numbers.valid.length,
    invalid: numbers.invalid,
    perRecipient: mask ? smsCost(count.parts, 1, mask.rate) : null,
    total: mask ? smsCost(count.parts, numbers.valid.length, mask.rate) : null,
  }
}

/** The send call's payload (only for a draft without a problem). */
export const requestOf = (draft: SmsDraft) => {
  const numbers = parseNumbers(draft.numbers).valid
  return {
    text: draft.text,
    masking_id: draft.maskId ?? 0,
    ...(numbers.length > 0 ? { to: [...numbers] } : {}),
    ...(draft.groupId !== null ? { group_id: draft.groupId } : {}),
    ...(draft.segmentId !== null ? { segment_id: draft.segmentId } : {}),
  }
}
